import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { PropertiesTable } from '../../features/catalogue/components/properties-table';
import { DocumentTitle } from '../../lib/document-title';

/** Catalogue management: employees only (the router's guard). */
export default function Screen() {
  const { t } = useLingui();
  return (
    <main className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <DocumentTitle screen={t`Vehicle Type Properties`} />
      <PageHeading subtitle={t`Manage Catalogue`} title={t`Vehicle Type Properties`} size="compact" className="pt-8 pb-6">
        <Trans>The facts each listing of a type fills in, with their value type and unit.</Trans>
      </PageHeading>
      <PropertiesTable />
    </main>
  );
}
