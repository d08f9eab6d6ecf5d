import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CheckboxField, TextField } from '../../../components/ui/form-fields';
import { unitLabel } from '../../../lib/unit-label';
import { isPropertyOptional, propertyKey, type PropertyField, type VehicleFormValues } from './vehicle-form-schema';

interface PropertyInputsProps {
  fields: PropertyField[];
  register: UseFormRegister<VehicleFormValues>;
  errors: FieldErrors<VehicleFormValues>;
  disabled?: boolean;
  /** The chosen fuel: a property that does not concern it (a petrol car's range) is optional. */
  fuel: string;
}

function labelOf(field: PropertyField): string {
  if (field.unitOfMeasurement === 'None') return field.name;
  return `${field.name} (${unitLabel(field.unitOfMeasurement)})`;
}

/**
 * The chosen type's properties: the input follows the value type; all required except booleans and
 * those that do not concern the chosen fuel (they say 'Optional for this fuel'); numbers at least 1.
 */
export function PropertyInputs({ fields, register, errors, disabled, fuel }: PropertyInputsProps) {
  const { t } = useLingui();
  if (fields.length === 0) return null;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-base font-semibold text-slate-900">
        <Trans>Details</Trans>
      </legend>
      {fields.map((field) => {
        const name = `properties.${propertyKey(field.propertyId)}` as const;
        const error = errors.properties?.[propertyKey(field.propertyId)]?.message;
        if (field.valueType === 'Boolean') {
          return <CheckboxField key={field.propertyId} label={labelOf(field)} containerClassName="self-end pb-2" {...register(name)} />;
        }
        const isNumber = field.valueType === 'Int' || field.valueType === 'Double';
        const isOptional = isPropertyOptional(field, fuel);
        return (
          <TextField
            key={field.propertyId}
            label={labelOf(field)}
            required={!isOptional}
            hint={isOptional ? t`Optional for this fuel.` : undefined}
            error={typeof error === 'string' ? error : undefined}
            type={isNumber ? 'number' : 'text'}
            inputMode={field.valueType === 'Int' ? 'numeric' : field.valueType === 'Double' ? 'decimal' : undefined}
            min={isNumber ? 1 : undefined}
            step={field.valueType === 'Int' ? 1 : field.valueType === 'Double' ? 'any' : undefined}
            maxLength={isNumber ? undefined : 100}
            {...register(name)}
          />
        );
      })}
    </fieldset>
  );
}
