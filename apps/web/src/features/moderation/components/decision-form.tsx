import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useId, useState, type FormEvent } from 'react';
import type { DecisionResult, ModerationAction, ReportTargetType } from '@rentdrive/contracts/moderation';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField, TextArea, TextField } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useDecideReport } from '../api/decide-report';
import { ACTION_LABELS, ACTIONS_FOR } from './moderation-labels';

/** A decision on a group of reports: the action, the written reason (sent to the people concerned), a suspension's end. */
export function DecisionForm({
  reportId,
  targetType,
  onDecided,
}: {
  reportId: string;
  targetType: ReportTargetType;
  onDecided: (result: DecisionResult) => void;
}) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const id = useId();
  const [action, setAction] = useState<ModerationAction>('dismiss');
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const decide = useDecideReport();
  const errors = isApiError(decide.error) && Object.keys(decide.error.fieldErrors).length > 0 ? decide.error.fieldErrors : undefined;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const untilIso = action === 'suspend-user' && until ? new Date(until).toISOString() : null;
    decide.mutate(
      { reportId, body: { action, reason, until: untilIso } },
      {
        onSuccess: (result) => {
          toast.success(t`Decision saved. The people concerned have been told.`);
          onDecided(result);
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-3" aria-labelledby={`${id}-title`} noValidate>
      <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        <Trans>Decide</Trans>
      </h4>
      <SelectField
        label={t`Decision`}
        value={action}
        onChange={(event) => setAction(event.target.value as ModerationAction)}
        options={ACTIONS_FOR[targetType].map((value) => ({ value, label: i18n._(ACTION_LABELS[value]) }))}
        error={errors?.action?.[0]}
      />
      <TextArea
        label={t`Reason`}
        required
        rows={3}
        value={reason}
        maxLength={2000}
        onChange={(event) => setReason(event.target.value)}
        hint={t`Sent to the reporters and the person concerned.`}
        error={errors?.reason?.[0]}
      />
      {action === 'suspend-user' && (
        <TextField
          type="datetime-local"
          label={t`Suspended until`}
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          hint={t`Leave empty to suspend until the suspension is lifted.`}
          error={errors?.until?.[0]}
        />
      )}
      {decide.error && !errors && <FormAlert message={errorMessage(decide.error)} />}
      <Button type="submit" isLoading={decide.isPending} loadingText={t`Saving...`} disabled={!reason.trim()} className="self-start">
        <Trans>Save decision</Trans>
      </Button>
    </form>
  );
}
