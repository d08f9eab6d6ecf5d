import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { ErrorState } from '../../../components/ui/error-state';
import { errorMessage } from '../../../lib/api-client';
import { useMyClaims } from '../api/claims';
import { AnswerClaimForm } from './answer-claim-form';
import { ClaimCard } from './claim-card';

/**
 * The claims on the user's rentals as renter (My Rentals) or vehicles as owner (issue 27), open ones
 * first; the renter answers an open one here. Nothing shows while there is none.
 */
export function MyClaims({ role }: { role: 'owner' | 'renter' }) {
  const { t } = useLingui();
  const claims = useMyClaims();
  if (claims.isPending) return null;
  if (claims.isError) {
    return (
      <ErrorState
        message={t`Error: ${errorMessage(claims.error)}`}
        onRetry={() => void claims.refetch()}
        isRetrying={claims.isFetching}
        className="mb-6"
      />
    );
  }
  const mine = claims.data.filter((claim) => claim.role === role).sort((a, b) => Number(b.status === 'open') - Number(a.status === 'open'));
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby="damage-claims" className="mb-8">
      <h2 id="damage-claims" className="mb-3 text-lg font-semibold text-slate-900">
        <Trans>Damage claims</Trans>
      </h2>
      <ul className="flex flex-col gap-4">
        {mine.map((claim) => (
          <li key={claim.id}>
            <ClaimCard claim={claim}>
              {role === 'renter' && claim.status === 'open' && !claim.answer && <AnswerClaimForm rentalId={claim.rentalId} />}
            </ClaimCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
