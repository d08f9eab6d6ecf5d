import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { UseFormRegister } from 'react-hook-form';
import type { VehicleFormValues } from './vehicle-form-schema';

const CHOICES = [
  { value: 'personal', label: msg`Personal Property`, hint: msg`Listed under your own account.` },
  { value: 'company', label: msg`Company Property`, hint: msg`Belongs to the company; its earnings go to the company.` },
] as const;

/** Employees choose who owns a new listing. */
export function OwnershipChoice({ register, disabled }: { register: UseFormRegister<VehicleFormValues>; disabled?: boolean }) {
  const { i18n } = useLingui();
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        <Trans>Ownership</Trans>
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-3 rounded-card border border-slate-300 p-3 has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600"
          >
            <input type="radio" value={choice.value} className="mt-1 accent-accent-700" {...register('ownership')} />
            <span>
              <span className="block text-sm font-medium text-slate-900">{i18n._(choice.label)}</span>
              <span className="block text-xs text-slate-600">{i18n._(choice.hint)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
