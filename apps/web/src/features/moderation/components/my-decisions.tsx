import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState, type FormEvent } from 'react';
import type { Decision } from '@rentdrive/contracts/moderation';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextArea } from '../../../components/ui/form-fields';
import { LoadingText } from '../../../components/ui/loading-text';
import { useToast } from '../../../components/ui/toast';
import { useFormat } from '../../../i18n/format';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useAnswerDecision, useMyDecisions } from '../api/my-decisions';
import { ACTION_LABELS } from './moderation-labels';

/** The decisions that concern me (issue 28), each with its reason; each can be answered once. */
export function MyDecisions() {
  const { t } = useLingui();
  const decisions = useMyDecisions();
  if (decisions.isPending) return <LoadingText text={t`Loading decisions...`} />;
  if (decisions.isError) return <ErrorState message={t`The decisions could not be loaded.`} onRetry={() => void decisions.refetch()} />;
  if (decisions.data.length === 0) return <EmptyState message={t`No moderation decision concerns you.`} />;
  return (
    <ol className="flex flex-col gap-4">
      {decisions.data.map((decision) => (
        <li key={decision.id}>
          <DecisionCard decision={decision} />
        </li>
      ))}
    </ol>
  );
}

function DecisionCard({ decision }: { decision: Decision }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const toast = useToast();
  const answer = useAnswerDecision();
  const [details, setDetails] = useState('');
  const when = format.dateTime(decision.createdAt);
  const error = isApiError(answer.error) ? answer.error.fieldErrors.details?.[0] : undefined;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    answer.mutate(
      { decisionId: decision.id, details },
      { onSuccess: () => toast.success(t`Your answer was sent. A moderator will look at the decision again.`) },
    );
  }

  return (
    <article className="flex flex-col gap-3 rounded-card border border-slate-200 bg-white p-4 shadow-sm">
      <header>
        <h2 className="text-base font-semibold text-slate-900">{i18n._(ACTION_LABELS[decision.action])}</h2>
        <p className="text-xs text-slate-600">
          <Trans>Decided on {when}</Trans>
          {decision.until && (
            <>
              {' · '}
              <Trans>until {format.dateTime(decision.until)}</Trans>
            </>
          )}
        </p>
      </header>
      <p className="text-sm whitespace-pre-line text-slate-800">
        <Trans>Reason: {decision.reason}</Trans>
      </p>
      {decision.answered ? (
        <p className="text-sm text-slate-600">
          <Trans>You answered this decision. A moderator looks at it again.</Trans>
        </p>
      ) : (
        <form onSubmit={handleSubmit} className="flex flex-col gap-2" noValidate>
          <TextArea
            label={t`Your answer`}
            rows={3}
            maxLength={2000}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            hint={t`You can answer once. Your answer goes back to our moderators.`}
            error={error}
          />
          {answer.error && !error && <FormAlert message={errorMessage(answer.error)} />}
          <Button type="submit" isLoading={answer.isPending} disabled={!details.trim()} className="self-start">
            <Trans>Send answer</Trans>
          </Button>
        </form>
      )}
    </article>
  );
}
