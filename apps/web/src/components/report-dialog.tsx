import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../i18n/more-messages';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Moderation, REPORT_REASONS, type ReportReason, type ReportTargetType } from '@rentdrive/contracts/moderation';
import { callApi, errorMessage, isApiError } from '../lib/api-client';
import { Button } from './ui/button';
import { FormAlert } from './ui/form-alert';
import { SelectField, TextArea } from './ui/form-fields';
import { Modal } from './ui/modal';
import { useToast } from './ui/toast';

/** The reasons a person may give (issue 28), as the form lists them. */
export const REASON_LABELS = {
  illegal: msg`Illegal content`,
  fraud: msg`Fraud or scam`,
  'dangerous-vehicle': msg`Dangerous vehicle`,
  offensive: msg`Offensive`,
  spam: msg`Spam`,
  other: msg`Other`,
} as const satisfies Record<ReportReason, unknown>;

export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetType: ReportTargetType;
  targetId: string;
}

/** Report a listing, a user or a message: a reason from the list and a description. */
export function ReportDialog({ open, onOpenChange, targetType, targetId }: ReportDialogProps) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const send = useMutation({
    mutationFn: () => callApi(Moderation.report, { body: { targetType, targetId, reason: reason as ReportReason, details } }),
    onSuccess: () => {
      toast.success(t`Thank you. Our moderators will look at your report and tell you what they decided.`);
      onOpenChange(false);
      setReason('');
      setDetails('');
    },
  });
  const fieldErrors = isApiError(send.error) && Object.keys(send.error.fieldErrors).length > 0 ? send.error.fieldErrors : undefined;
  const title = {
    vehicle: t`Report this listing`,
    user: t`Report this user`,
    message: t`Report this message`,
  }[targetType];

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    send.mutate();
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={t`Tell us what is wrong. Reports are confidential: the person you report does not see who sent it.`}
    >
      <form id="report-form" onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        <SelectField
          label={t`Reason`}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value as ReportReason)}
          placeholderOption={t`Choose a reason`}
          options={REPORT_REASONS.map((value) => ({ value, label: i18n._(REASON_LABELS[value]) }))}
          error={fieldErrors?.reason?.[0]}
        />
        <TextArea
          label={t`Description`}
          required
          value={details}
          maxLength={2000}
          onChange={(event) => setDetails(event.target.value)}
          hint={t`What happened, and where? At most 2000 characters.`}
          error={fieldErrors?.details?.[0]}
        />
        {send.error && !fieldErrors && <FormAlert message={errorMessage(send.error, t`The report could not be sent. Please try again.`)} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isLoading={send.isPending} loadingText={t`Sending...`} disabled={!reason || !details.trim()}>
            <Trans>Send report</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
