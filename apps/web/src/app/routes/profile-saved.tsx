import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { SavedVehicles } from '../../features/search/components/saved-vehicles';
import { DocumentTitle } from '../../lib/document-title';

/** /profile/saved: the vehicles the user keeps for later. */
export default function ProfileSavedScreen() {
  const { t } = useLingui();
  return (
    <main className="pb-12">
      <DocumentTitle screen={t`Saved vehicles`} />
      <PageHeading size="compact" subtitle={t`My Profile`} title={t`Saved vehicles`} />
      <div className="mt-6">
        <SavedVehicles />
      </div>
    </main>
  );
}
