import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { SavedVehicles } from '../../features/search/components/saved-vehicles';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /profile/saved: the vehicles the user keeps for later. */
export default function ProfileSavedScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Saved vehicles`);
  return (
    <main className="pb-12">
      <PageHeading size="compact" subtitle={t`My Profile`} title={t`Saved vehicles`} />
      <div className="mt-6">
        <SavedVehicles />
      </div>
    </main>
  );
}
