import { Trans } from '@lingui/react/macro';
import '../i18n/more-messages';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Moderation } from '@rentdrive/contracts/moderation';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { callApi } from '../lib/api-client';

const BANNER = 'order-first w-full rounded-card border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950';

/**
 * The owner's view of their listing hidden by a moderator (issue 28): why, and how to answer.
 * Shown while the latest decision about this listing hides it.
 */
export function HiddenListingNotice({ vehicleId }: { vehicleId: string }) {
  const decisions = useQuery({
    queryKey: ['moderation', 'my-decisions'],
    queryFn: ({ signal }) => callApi(Moderation.myDecisions, { signal }),
  });
  const latest = decisions.data?.find((d) => d.targetId === vehicleId && (d.action === 'hide-listing' || d.action === 'restore-listing'));
  if (latest?.action !== 'hide-listing') return null;
  return (
    <div role="status" className={BANNER} data-testid="hidden-listing-notice">
      <p className="font-semibold">
        <Trans>This listing is hidden by our moderators. Only you and our employees can see it.</Trans>
      </p>
      <p className="mt-1 whitespace-pre-line break-words">
        <Trans>Reason: {latest.reason}</Trans>
      </p>
      {latest.answered ? (
        <p className="mt-1">
          <Trans>You answered this decision; a moderator reviews your answer and you are told the outcome.</Trans>
        </p>
      ) : (
        <p className="mt-1">
          <Trans>You can answer this decision once, for example if you have fixed the listing: a moderator reviews your answer.</Trans>
        </p>
      )}
      <Link to={WebPaths.profile.decisions} className="mt-2 inline-block font-medium text-accent-800 underline">
        {latest.answered ? <Trans>See the decision</Trans> : <Trans>See the decision and answer it</Trans>}
      </Link>
    </div>
  );
}

/**
 * An employee's view of a hidden listing (issue 28): that it is hidden and why (the reason as the
 * owner's Users record has it), with the way to the moderation screens.
 */
export function HiddenListingEmployeeNotice({ vehicleId, ownerId }: { vehicleId: string; ownerId: string }) {
  const owner = useQuery({
    queryKey: ['moderation', 'user', ownerId],
    queryFn: ({ signal }) => callApi(Moderation.user, { params: { id: ownerId }, signal }),
  });
  const reason = owner.data?.listings.find((l) => l.id === vehicleId)?.hiddenReason;
  if (reason == null) return null;
  return (
    <div role="status" className={BANNER} data-testid="hidden-listing-notice">
      <p className="font-semibold">
        <Trans>This listing is hidden: only its owner and employees can see it.</Trans>
      </p>
      <p className="mt-1 whitespace-pre-line break-words">
        <Trans>Reason: {reason}</Trans>
      </p>
      <p className="mt-1">
        <Trans>The owner can answer the decision once; the answer comes back to the moderation queue.</Trans>
      </p>
      <Link to={WebPaths.manage.moderation} className="mt-2 inline-block font-medium text-accent-800 underline">
        <Trans>Open Moderation</Trans>
      </Link>
    </div>
  );
}
