import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { ContactForm } from '../../features/contact/components/contact-form';
import { ContactMap } from '../../features/contact/components/contact-map';
import { DocumentTitle } from '../../lib/document-title';

export default function ContactScreen() {
  const { t } = useLingui();
  return (
    <main>
      <DocumentTitle screen={t`Contact Us`} />
      <PageHeading subtitle={t`Get in touch`} title={t`Contact Us`}>
        <Trans>Questions about a rental, listing your vehicle or your wallet? Send us a message.</Trans>
      </PageHeading>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-2 lg:gap-12">
        <section aria-labelledby="contact-form-title" className="rounded-card border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="contact-form-title" className="mb-5 text-xl font-semibold text-slate-900">
            <Trans>Send us a message</Trans>
          </h2>
          <ContactForm />
        </section>
        <section aria-labelledby="contact-map-title">
          <h2 id="contact-map-title" className="mb-4 text-xl font-semibold text-slate-900">
            <Trans>Visit us</Trans>
          </h2>
          <ContactMap />
        </section>
      </div>
    </main>
  );
}
