import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { WITHDRAW_MIN_EUROS, WithdrawMessages, WithdrawRequestSchema, type WithdrawResponse } from '@rentdrive/contracts/wallet';
import { groupIban } from '@rentdrive/domain/iban';
import { eurosToCents } from '@rentdrive/domain/money';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-fields';
import { Modal } from '../../../components/ui/modal';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useWithdraw } from '../api/withdraw';
import '../../../i18n/more-messages';

export interface WithdrawModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Euros the user may withdraw now: the earned part of the balance ('Available to withdraw'; pending
   * earnings are not in it yet, and money added by card goes back only to its card).
   */
  available: number;
  onWithdrawn: (transaction: WithdrawResponse) => void;
}

const FORM_ID = 'withdraw-form';
const FIELDS = ['amount', 'accountHolder', 'iban'] as const;
// The longest IBAN (34 characters) and its spaces in groups of four.
const IBAN_MAX_TYPED = 34 + 8;

/** Empty input -> undefined (so the 'required' message shows), otherwise a number (NaN for junk). */
const toNumber = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.replace(',', '.'))) : value;

/** Withdraw earnings to a bank account, validated by the schema the server uses plus the amount available to withdraw. */
export function WithdrawModal({ open, onOpenChange, available, onWithdrawn }: WithdrawModalProps) {
  const { t } = useLingui();
  const format = useFormat();
  const formatMoney = format.money;
  const schema = useMemo(
    () =>
      // On the field, so it shows alongside the other fields' messages.
      WithdrawRequestSchema.extend({
        amount: WithdrawRequestSchema.shape.amount.refine(
          (amount) => eurosToCents(amount) <= eurosToCents(available),
          WithdrawMessages.insufficientFunds,
        ),
      }),
    [available],
  );
  const mutation = useWithdraw();
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { accountHolder: '', iban: '' },
  });
  const { errors } = form.formState;

  function handleOpenChange(next: boolean) {
    if (mutation.isPending) return;
    if (!next) {
      form.reset();
      mutation.reset();
    }
    onOpenChange(next);
  }

  const handleSubmit = form.handleSubmit((body) => {
    // A new key per submission: a network retry of this one is answered once, a new attempt pays anew.
    mutation.mutate(
      { body, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (transaction) => {
          form.reset();
          mutation.reset();
          onOpenChange(false);
          onWithdrawn(transaction);
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError, FIELDS);
        },
      },
    );
  });

  const iban = form.register('iban');

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title={t`Withdraw`}
      description={t`Transfer earnings from your wallet to your bank account.`}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={() => handleOpenChange(false)} disabled={mutation.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form={FORM_ID} isLoading={mutation.isPending} loadingText={t`Processing...`}>
            <Trans>Withdraw</Trans>
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={handleSubmit} className="grid gap-4">
        <p className="rounded-control bg-slate-50 p-3 text-sm text-slate-700">
          <Trans>
            Available to withdraw: <strong className="tabular-nums text-slate-900">{formatMoney(available)}</strong>
          </Trans>
          <span className="block text-xs text-slate-600">
            <Trans>
              Pending earnings become available when the rentals complete; money added by card can only be refunded to that card. The
              minimum is {formatMoney(WITHDRAW_MIN_EUROS)}.
            </Trans>
          </span>
        </p>
        {mutation.isError && (
          <p role="alert" className="rounded-control border border-danger/40 bg-red-50 p-3 text-sm text-danger">
            {errorMessage(mutation.error, t`The withdrawal failed. Please try again later.`)}
          </p>
        )}
        <TextField
          label={t`Amount (€)`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={format.number(WITHDRAW_MIN_EUROS, { minimumFractionDigits: 2 })}
          required
          error={errors.amount?.message}
          {...form.register('amount', { setValueAs: toNumber })}
        />
        <TextField
          label={t`Account holder`}
          autoComplete="name"
          required
          error={errors.accountHolder?.message}
          {...form.register('accountHolder')}
        />
        <TextField
          label="IBAN"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          placeholder="DE89 3704 0044 0532 0130 00"
          maxLength={IBAN_MAX_TYPED}
          hint={t`Only the last four characters are kept after the transfer.`}
          required
          error={errors.iban?.message}
          {...iban}
          onChange={(event) => {
            event.target.value = groupIban(event.target.value);
            void iban.onChange(event);
          }}
        />
      </form>
    </Modal>
  );
}
