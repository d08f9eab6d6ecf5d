import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RefundToCardMessages, RefundToCardRequestSchema, type RefundToCardResponse } from '@rentdrive/contracts/wallet';
import { eurosToCents } from '@rentdrive/domain/money';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-fields';
import { Modal } from '../../../components/ui/modal';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useRefundToCard } from '../api/refund-to-card';
import '../../../i18n/more-messages';

export interface RefundToCardModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Euros of card top-ups not yet spent: the most that can go back to the cards. */
  refundable: number;
  onRefunded: (transaction: RefundToCardResponse) => void;
}

const FORM_ID = 'refund-to-card-form';
const FIELDS = ['amount'] as const;

/** Empty input -> undefined (so the 'required' message shows), otherwise a number (NaN for junk). */
const toNumber = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.replace(',', '.'))) : value;

/** The amount field as the dialog opens: everything refundable, to 2 decimals. */
const prefilled = (refundable: number) => ({ amount: refundable > 0 ? refundable.toFixed(2) : '' });

/**
 * Refund to card: money added by card and not yet spent goes back to the card it came from (newest
 * top-up first). Validated by the schema the server uses plus the refundable amount.
 */
export function RefundToCardModal({ open, onOpenChange, refundable, onRefunded }: RefundToCardModalProps) {
  const { t } = useLingui();
  const formatMoney = useFormat().money;
  const schema = useMemo(
    () =>
      // The field holds what was typed; the schema reads it as a number, then checks the server's rules
      // and the refundable amount (on the field, so it shows as the field's message).
      z.object({
        amount: z.preprocess(
          toNumber,
          RefundToCardRequestSchema.shape.amount.refine(
            (amount) => eurosToCents(amount) <= eurosToCents(refundable),
            RefundToCardMessages.insufficientFunds,
          ),
        ),
      }),
    [refundable],
  );
  const mutation = useRefundToCard();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: prefilled(refundable) });
  const { errors } = form.formState;
  const { reset } = form;

  // Each opening starts from the whole refundable amount as it is now.
  useEffect(() => {
    if (open) reset(prefilled(refundable));
  }, [open, refundable, reset]);

  function handleOpenChange(next: boolean) {
    if (mutation.isPending) return;
    if (!next) mutation.reset();
    onOpenChange(next);
  }

  const handleSubmit = form.handleSubmit((body) => {
    // A new key per submission: a network retry of this one is answered once, a new attempt refunds anew.
    mutation.mutate(
      { body, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (transaction) => {
          mutation.reset();
          onOpenChange(false);
          onRefunded(transaction);
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError, FIELDS);
        },
      },
    );
  });

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title={t`Refund to card`}
      description={t`Send money you added by card and have not spent back to the card it came from.`}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={() => handleOpenChange(false)} disabled={mutation.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form={FORM_ID} isLoading={mutation.isPending} loadingText={t`Refunding...`} disabled={refundable <= 0}>
            <Trans>Refund to card</Trans>
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={handleSubmit} className="grid gap-4">
        <p className="rounded-control bg-slate-50 p-3 text-sm text-slate-700">
          <Trans>
            Refundable to card: <strong className="tabular-nums text-slate-900">{formatMoney(refundable)}</strong>
          </Trans>
          <span className="block text-xs text-slate-600">
            <Trans>
              The newest top-ups are refunded first, each to the card it was paid with. Earnings are withdrawn to a bank account instead.
            </Trans>
          </span>
        </p>
        {mutation.isError && (
          <p role="alert" className="rounded-control border border-danger/40 bg-red-50 p-3 text-sm text-danger">
            {errorMessage(mutation.error, t`The refund failed. Please try again later.`)}
          </p>
        )}
        <TextField
          label={t`Amount (€)`}
          inputMode="decimal"
          autoComplete="off"
          required
          error={errors.amount?.message}
          {...form.register('amount')}
        />
      </form>
    </Modal>
  );
}
