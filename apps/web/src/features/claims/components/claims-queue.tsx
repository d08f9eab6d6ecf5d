import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useId, useState, type FormEvent } from 'react';
import type { Claim, ClaimStatus } from '@rentdrive/contracts/claims';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextArea, TextField } from '../../../components/ui/form-fields';
import { LoadingText } from '../../../components/ui/loading-text';
import { useToast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useClaimQueue, useDecideClaim } from '../api/claims';
import { ClaimCard } from './claim-card';
import { CompanyClaimable } from './company-claimable';

/** An employee's decision: what the owner gets (all, part or nothing of the claim) and the reason. */
function DecideClaimForm({ claim }: { claim: Claim }) {
  const { t } = useLingui();
  const toast = useToast();
  const id = useId();
  const decide = useDecideClaim();
  const [ownerAmount, setOwnerAmount] = useState(String(claim.amount));
  const [reason, setReason] = useState('');
  const errors = isApiError(decide.error) ? decide.error.fieldErrors : {};
  const amount = Number(ownerAmount.trim().replace(',', '.'));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    decide.mutate(
      { claimId: claim.id, body: { ownerAmount: amount, reason } },
      { onSuccess: () => toast.success(t`Claim decided. Both parties have been told.`) },
    );
  }

  return (
    <form
      onSubmit={handleSubmit}
      className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        <Trans>Decide</Trans>
      </h4>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t`Quick amounts`}>
        <Button size="sm" variant="secondary" onClick={() => setOwnerAmount(String(claim.amount))}>
          <Trans>All of the claim</Trans>
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setOwnerAmount('0')}>
          <Trans>Nothing</Trans>
        </Button>
      </div>
      <TextField
        label={t`To the owner (€)`}
        required
        inputMode="decimal"
        value={ownerAmount}
        onChange={(event) => setOwnerAmount(event.target.value)}
        hint={t`From 0 up to the claim; the rest of the deposit goes back to the renter.`}
        error={errors.ownerAmount?.[0]}
      />
      <TextArea
        label={t`Reason`}
        required
        rows={3}
        maxLength={2000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        hint={t`Sent to the owner and the renter, and kept in the audit trail.`}
        error={errors.reason?.[0]}
      />
      {decide.error && Object.keys(errors).length === 0 && <FormAlert message={errorMessage(decide.error)} />}
      <Button
        type="submit"
        isLoading={decide.isPending}
        loadingText={t`Saving...`}
        disabled={!reason.trim() || Number.isNaN(amount)}
        className="self-start"
      >
        <Trans>Save decision</Trans>
      </Button>
    </form>
  );
}

type Tab = ClaimStatus | 'company';

/**
 * Employees' Claims screen (issue 27): open claims oldest first, each with its decision form; decided
 * ones newest first; and the company vehicles' rentals on which employees, as their owner, report damage.
 */
export function ClaimsQueue() {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('open');
  const status: ClaimStatus = tab === 'decided' ? 'decided' : 'open';
  const claims = useClaimQueue(status);
  const tabs: { value: Tab; label: string }[] = [
    { value: 'open', label: t`Open` },
    { value: 'decided', label: t`Decided` },
    { value: 'company', label: t`Company vehicles` },
  ];
  return (
    <div>
      <div
        className="mb-4 inline-flex max-w-full flex-wrap rounded-control border border-slate-200 bg-white p-1"
        role="group"
        aria-label={t`Show claims`}
      >
        {tabs.map((item) => (
          <button
            key={item.value}
            type="button"
            aria-pressed={tab === item.value}
            onClick={() => setTab(item.value)}
            className="rounded-control px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-600 aria-pressed:bg-accent-700 aria-pressed:text-white"
          >
            {item.label}
          </button>
        ))}
      </div>
      {tab === 'company' ? (
        <CompanyClaimable />
      ) : claims.isPending ? (
        <LoadingText text={t`Loading claims...`} />
      ) : claims.isError ? (
        <ErrorState
          message={t`Error: ${errorMessage(claims.error)}`}
          onRetry={() => void claims.refetch()}
          isRetrying={claims.isFetching}
        />
      ) : claims.data.length === 0 ? (
        <EmptyState message={status === 'open' ? t`No open claims.` : t`No decided claims yet.`} />
      ) : (
        <ul className="flex flex-col gap-4">
          {claims.data.map((claim) => (
            <li key={claim.id}>
              <ClaimCard claim={claim} headingLevel={2}>
                {claim.status === 'open' && <DecideClaimForm claim={claim} />}
              </ClaimCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
