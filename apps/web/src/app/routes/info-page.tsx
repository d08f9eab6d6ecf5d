import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { useLocation } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { DocumentTitle } from '../../lib/document-title';
import { PRODUCT_NAME } from '../../lib/product';

/** The footer's About Us and Privacy Policy placeholders. */
export default function InfoPage() {
  const { pathname } = useLocation();
  const key = pathname.toLowerCase().replace(/\/$/, '') === '/privacy' ? '/privacy' : '/about';
  const { t } = useLingui();
  const page =
    key === '/privacy'
      ? { title: t`Privacy Policy`, text: t`Our privacy policy will be published here. This page is a placeholder.` }
      : {
          title: t`About Us`,
          text: t`${PRODUCT_NAME} is a marketplace for renting cars, trucks, motorcycles, bicycles and e-scooters by the day. This page is a placeholder.`,
        };
  return (
    <main>
      <DocumentTitle screen={page.title} />
      <PageHeading subtitle={PRODUCT_NAME} title={page.title} />
      <p className="mx-auto max-w-2xl px-4 text-center text-slate-700">{page.text}</p>
    </main>
  );
}
