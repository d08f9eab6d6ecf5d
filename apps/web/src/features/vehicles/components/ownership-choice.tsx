import type { UseFormRegister } from 'react-hook-form';
import type { VehicleFormValues } from './vehicle-form-schema';

const CHOICES = [
  { value: 'personal', label: 'Personal Property', hint: 'Listed under your own account.' },
  { value: 'company', label: 'Company Property', hint: 'Belongs to the company; its earnings go to the company.' },
] as const;

/** Employees choose who owns a new listing. */
export function OwnershipChoice({ register, disabled }: { register: UseFormRegister<VehicleFormValues>; disabled?: boolean }) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-800">Ownership</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-3 rounded-card border border-slate-300 p-3 has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600"
          >
            <input type="radio" value={choice.value} className="mt-1 accent-accent-700" {...register('ownership')} />
            <span>
              <span className="block text-sm font-medium text-slate-900">{choice.label}</span>
              <span className="block text-xs text-slate-600">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
