import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from '../../components/ui/page-heading';
import { ContactForm } from '../../features/contact/components/contact-form';
import { ContactMap } from '../../features/contact/components/contact-map';

export default function ContactScreen() {
  useDocumentTitle('Contact Us');
  return (
    <main>
      <PageHeading subtitle="Get in touch" title="Contact Us">
        Questions about a rental, listing your vehicle or your wallet? Send us a message.
      </PageHeading>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-2 lg:gap-12">
        <section aria-labelledby="contact-form-title" className="rounded-card border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="contact-form-title" className="mb-5 text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          <ContactForm />
        </section>
        <section aria-labelledby="contact-map-title">
          <h2 id="contact-map-title" className="mb-4 text-xl font-semibold text-slate-900">
            Visit us
          </h2>
          <ContactMap />
        </section>
      </div>
    </main>
  );
}
