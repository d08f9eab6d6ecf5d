import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { OverviewDetails } from '../../features/account/components/overview-details';
import { MyRenterRatingSummary } from '../../features/reviews/components/owner-ratings-of-me';
import { DocumentTitle } from '../../lib/document-title';

export default function ProfileOverviewScreen() {
  const { t } = useLingui();
  return (
    <main>
      <DocumentTitle screen={t`My Profile`} />
      <PageHeading size="compact" subtitle={t`My Profile`} title={t`Overview`} />
      <OverviewDetails />
      {/* Issue 27: owners' published ratings of the user as renter. */}
      <section aria-labelledby="renter-rating" className="mt-6 rounded-card border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="renter-rating" className="text-sm text-slate-600">
          <Trans>Your rating as a renter</Trans>
        </h2>
        <MyRenterRatingSummary showEmpty className="mt-1" />
      </section>
    </main>
  );
}
