import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { BookingRulesDto } from '@rentdrive/contracts/booking-rules';
import type { CancellationPolicy } from '@rentdrive/domain/booking-rules';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { SelectField, TextField } from '../../../components/ui/form-fields';
import { LoadingText } from '../../../components/ui/loading-text';
import { useToast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useBookingRules, useSaveBookingRules } from '../api/booking-rules';
import { usePolicyWords } from './booking-terms';

/**
 * The vehicle form's 'Booking rules' section (issue 27). A listed vehicle's rules are saved here on
 * their own (PUT /api/vehicle/booking-rules/{id}); a new listing starts with the defaults (instant,
 * flexible, no discount, no deposit) and its owner sets rules once it is listed.
 */
export function BookingRulesSection({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useLingui();
  const { id } = useParams();
  return (
    <section className="rounded-card border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby="booking-rules-heading">
      <h2 id="booking-rules-heading" className="mb-4 text-lg font-semibold text-slate-900">
        {t`Booking rules`}
      </h2>
      {mode === 'edit' && id ? (
        <BookingRulesEditor vehicleId={id} />
      ) : (
        <p className="text-sm text-slate-700">
          <Trans>
            A new vehicle is booked instantly with flexible cancellation (a full refund until the first day), no discounts and no deposit.
            You can change these rules when you edit the vehicle after listing it.
          </Trans>
        </p>
      )}
    </section>
  );
}

type Draft = Record<keyof BookingRulesDto, string>;

function toDraft(rules: BookingRulesDto): Draft {
  return {
    bookingMode: rules.bookingMode,
    cancellationPolicy: rules.cancellationPolicy,
    weeklyDiscountPercent: String(rules.weeklyDiscountPercent),
    monthlyDiscountPercent: String(rules.monthlyDiscountPercent),
    minDays: String(rules.minDays),
    maxDays: rules.maxDays === null ? '' : String(rules.maxDays),
    advanceNoticeDays: String(rules.advanceNoticeDays),
    deposit: String(rules.deposit),
  };
}

function fromDraft(draft: Draft): BookingRulesDto {
  const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));
  return {
    bookingMode: draft.bookingMode as BookingRulesDto['bookingMode'],
    cancellationPolicy: draft.cancellationPolicy as BookingRulesDto['cancellationPolicy'],
    weeklyDiscountPercent: number(draft.weeklyDiscountPercent),
    monthlyDiscountPercent: number(draft.monthlyDiscountPercent),
    minDays: number(draft.minDays),
    maxDays: draft.maxDays.trim() === '' ? null : number(draft.maxDays),
    advanceNoticeDays: number(draft.advanceNoticeDays),
    deposit: number(draft.deposit),
  };
}

function BookingRulesEditor({ vehicleId }: { vehicleId: string }) {
  const { t } = useLingui();
  const rules = useBookingRules(vehicleId);
  if (rules.isPending) return <LoadingText text={t`Loading booking rules...`} />;
  if (rules.isError)
    return (
      <ErrorState message={t`Error: ${errorMessage(rules.error)}`} onRetry={() => void rules.refetch()} isRetrying={rules.isFetching} />
    );
  return <BookingRulesFields vehicleId={vehicleId} initial={rules.data} />;
}

function BookingRulesFields({ vehicleId, initial }: { vehicleId: string; initial: BookingRulesDto }) {
  const { t } = useLingui();
  const toast = useToast();
  const save = useSaveBookingRules(vehicleId);
  const policyWords = usePolicyWords();
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (name: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: event.target.value }));

  function submit() {
    setErrors({});
    setFormError(null);
    save.mutate(fromDraft(draft), {
      onSuccess: (saved) => {
        setDraft(toDraft(saved));
        toast.success(t`Booking rules saved.`);
      },
      onError: (error) => {
        setFormError(errorMessage(error, t`The booking rules could not be saved.`));
        if (isApiError(error))
          setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([key, messages]) => [key, messages[0] ?? ''])));
      },
    });
  }

  const policies: CancellationPolicy[] = ['flexible', 'moderate', 'strict'];
  return (
    <div className="flex flex-col gap-4" data-testid="booking-rules">
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={save.isPending}>
        <legend className="sr-only">{t`Booking rules`}</legend>
        <SelectField
          label={t`Booking`}
          value={draft.bookingMode}
          onChange={set('bookingMode')}
          error={errors.bookingMode}
          options={[
            { value: 'instant', label: t`Instant: renters book at once` },
            { value: 'request', label: t`On request: I accept or decline within 24 hours` },
          ]}
        />
        <SelectField
          label={t`Cancellation policy`}
          value={draft.cancellationPolicy}
          onChange={set('cancellationPolicy')}
          error={errors.cancellationPolicy}
          hint={policyWords(draft.cancellationPolicy as CancellationPolicy).words}
          options={policies.map((policy) => ({ value: policy, label: policyWords(policy).name }))}
        />
        <TextField
          label={t`Discount for 7+ days (%)`}
          inputMode="numeric"
          value={draft.weeklyDiscountPercent}
          onChange={set('weeklyDiscountPercent')}
          error={errors.weeklyDiscountPercent}
        />
        <TextField
          label={t`Discount for 28+ days (%)`}
          inputMode="numeric"
          value={draft.monthlyDiscountPercent}
          onChange={set('monthlyDiscountPercent')}
          error={errors.monthlyDiscountPercent}
        />
        <TextField label={t`Minimum days`} inputMode="numeric" value={draft.minDays} onChange={set('minDays')} error={errors.minDays} />
        <TextField
          label={t`Maximum days`}
          hint={t`Empty: no maximum.`}
          inputMode="numeric"
          value={draft.maxDays}
          onChange={set('maxDays')}
          error={errors.maxDays}
        />
        <TextField
          label={t`Advance notice (days, 0 to 7)`}
          inputMode="numeric"
          value={draft.advanceNoticeDays}
          onChange={set('advanceNoticeDays')}
          error={errors.advanceNoticeDays}
        />
        <TextField
          label={t`Security deposit (€, 0 to 1000)`}
          inputMode="decimal"
          value={draft.deposit}
          onChange={set('deposit')}
          error={errors.deposit}
        />
      </fieldset>
      {formError && (
        <p role="alert" className="text-sm text-danger">
          {formError}
        </p>
      )}
      <div>
        <Button type="button" variant="secondary" onClick={submit} isLoading={save.isPending}>
          <Trans>Save booking rules</Trans>
        </Button>
      </div>
    </div>
  );
}
