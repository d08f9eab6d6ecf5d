import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  CARD_NUMBER_MAX_DIGITS,
  EXPIRY_YEARS,
  groupCardNumber,
  makeAddFundsRequestSchema,
  type AddFundsResponse,
} from '@rentdrive/contracts/wallet';
import { SelectField, TextField } from '../../../components/ui/form-fields';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useAddFunds } from '../api/add-funds';
import '../../../i18n/more-messages';

export interface AddFundsFormProps {
  /** The form's id: its submit button may sit outside it (a dialog's footer). */
  id: string;
  /** Euros to prefill (a top-up of what a rental lacks). */
  defaultAmount?: number;
  onAdded: (transaction: AddFundsResponse) => void;
  /** Told when the payment starts and ends, so the caller's button shows progress and blocks closing. */
  onPendingChange?: (isPending: boolean) => void;
  /** A first line for a failed payment, saying what it means where the form is used. */
  errorTitle?: string;
}

const FIELDS = ['amount', 'cardNumber', 'cardHolderName', 'expiryMonth', 'expiryYear', 'cvv'] as const;

const MONTH_OPTIONS = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: String(i + 1).padStart(2, '0') }));

/** Empty input -> undefined (so the 'required' message shows), otherwise a number (NaN for junk). */
const toNumber = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.replace(',', '.'))) : value;

const onlyDigits = (event: ChangeEvent<HTMLInputElement>, maxDigits: number) => {
  event.target.value = event.target.value.replace(/\D/g, '').slice(0, maxDigits);
};

/**
 * The add-funds card form, validated by the schema the server uses; it pays on submit (one new
 * Idempotency-Key per submission: a network retry of it is answered once, a new attempt pays anew).
 * Used by the wallet's Add Funds dialog and, through the vehicle route, by the rent dialog's top-up.
 */
export function AddFundsForm({ id, defaultAmount, onAdded, onPendingChange, errorTitle }: AddFundsFormProps) {
  const { t } = useLingui();
  const format = useFormat();
  const schema = useMemo(() => makeAddFundsRequestSchema(), []);
  const currentYear = new Date().getUTCFullYear();
  const yearOptions = Array.from({ length: EXPIRY_YEARS }, (_, i) => ({ value: currentYear + i, label: String(currentYear + i) }));
  const addFunds = useAddFunds();
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { cardNumber: '', cardHolderName: '', cvv: '', ...(defaultAmount === undefined ? {} : { amount: defaultAmount }) },
  });
  const { errors } = form.formState;
  const isPending = addFunds.isPending;

  useEffect(() => {
    onPendingChange?.(isPending);
  }, [isPending, onPendingChange]);

  const handleSubmit = form.handleSubmit(async (body) => {
    let transaction: AddFundsResponse;
    try {
      transaction = await addFunds.mutateAsync({ body, idempotencyKey: newIdempotencyKey() });
    } catch (error) {
      // The request's message shows in the alert above the fields; field messages go on their fields.
      applyFieldErrors(error, form.setError, FIELDS);
      return;
    }
    // Called even if the caller has meanwhile hidden the form (the balance it lacked is there now).
    onAdded(transaction);
  });

  const cardNumber = form.register('cardNumber');
  const cvv = form.register('cvv');

  return (
    <form id={id} noValidate onSubmit={handleSubmit} className="grid grid-cols-2 gap-4">
      {addFunds.isError && (
        <div role="alert" className="col-span-2 rounded-control border border-danger/40 bg-red-50 p-3 text-sm text-danger">
          {errorTitle && <p className="font-semibold">{errorTitle}</p>}
          <p>{errorMessage(addFunds.error, t`Failed to add funds to wallet.`)}</p>
        </div>
      )}
      <TextField
        label={t`Amount (€)`}
        containerClassName="col-span-2"
        inputMode="decimal"
        autoComplete="off"
        placeholder={format.number(100, { minimumFractionDigits: 2 })}
        required
        error={errors.amount?.message}
        {...form.register('amount', { setValueAs: toNumber })}
      />
      <TextField
        label={t`Card number`}
        containerClassName="col-span-2"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        // 16 digits and 3 spaces.
        maxLength={CARD_NUMBER_MAX_DIGITS + 3}
        required
        error={errors.cardNumber?.message}
        {...cardNumber}
        onChange={(event) => {
          event.target.value = groupCardNumber(event.target.value);
          void cardNumber.onChange(event);
        }}
      />
      <TextField
        label={t`Cardholder name`}
        containerClassName="col-span-2"
        autoComplete="cc-name"
        required
        error={errors.cardHolderName?.message}
        {...form.register('cardHolderName')}
      />
      <SelectField
        label={t`Expiry month`}
        placeholderOption={t`MM`}
        options={MONTH_OPTIONS}
        autoComplete="cc-exp-month"
        required
        error={errors.expiryMonth?.message}
        {...form.register('expiryMonth', { setValueAs: toNumber })}
      />
      <SelectField
        label={t`Expiry year`}
        placeholderOption={t`YYYY`}
        options={yearOptions}
        autoComplete="cc-exp-year"
        required
        error={errors.expiryYear?.message}
        {...form.register('expiryYear', { setValueAs: toNumber })}
      />
      <TextField
        label={t`CVV`}
        type="password"
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
        required
        error={errors.cvv?.message}
        {...cvv}
        onChange={(event) => {
          onlyDigits(event, 4);
          void cvv.onChange(event);
        }}
      />
    </form>
  );
}
