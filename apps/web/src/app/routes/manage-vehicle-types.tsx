import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { VehicleTypesTable } from '../../features/catalogue/components/vehicle-types-table';
import { DocumentTitle } from '../../lib/document-title';

/** Catalogue management: employees only (the router's guard). */
export default function Screen() {
  const { t } = useLingui();
  return (
    <main className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <DocumentTitle screen={t`Vehicle Types`} />
      <PageHeading subtitle={t`Manage Catalogue`} title={t`Vehicle Types`} size="compact" className="pt-8 pb-6">
        <Trans>The kinds of vehicles people can list.</Trans>
      </PageHeading>
      <VehicleTypesTable />
    </main>
  );
}
