import { Trans } from '@lingui/react/macro';
import '../i18n/more-messages';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Moderation } from '@rentdrive/contracts/moderation';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { callApi } from '../lib/api-client';

/**
 * The owner's view of their listing hidden by a moderator (issue 28): why, and where to answer.
 * Hidden while the latest decision about this listing hides it.
 */
export function HiddenListingNotice({ vehicleId }: { vehicleId: string }) {
  const decisions = useQuery({
    queryKey: ['moderation', 'my-decisions'],
    queryFn: ({ signal }) => callApi(Moderation.myDecisions, { signal }),
  });
  const latest = decisions.data?.find((d) => d.targetId === vehicleId && (d.action === 'hide-listing' || d.action === 'restore-listing'));
  if (latest?.action !== 'hide-listing') return null;
  return (
    <div role="status" className="w-full rounded-card border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">
        <Trans>This listing is hidden by our moderators. Only you and our employees can see it.</Trans>
      </p>
      <p className="mt-1 whitespace-pre-line">
        <Trans>Reason: {latest.reason}</Trans>
      </p>
      <Link to={WebPaths.profile.decisions} className="mt-2 inline-block font-medium text-accent-800 underline">
        {latest.answered ? <Trans>See the decision</Trans> : <Trans>See the decision and answer it</Trans>}
      </Link>
    </div>
  );
}
