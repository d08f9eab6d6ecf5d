import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { CategoriesTable } from '../../features/catalogue/components/categories-table';
import { DocumentTitle } from '../../lib/document-title';

/** Catalogue management: employees only (the router's guard). */
export default function Screen() {
  const { t } = useLingui();
  return (
    <main className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <DocumentTitle screen={t`Vehicle Type Categories`} />
      <PageHeading subtitle={t`Manage Catalogue`} title={t`Vehicle Type Categories`} size="compact" className="pt-8 pb-6">
        <Trans>Categories narrow a type (a Car may be a Sedan or an SUV).</Trans>
      </PageHeading>
      <CategoriesTable />
    </main>
  );
}
