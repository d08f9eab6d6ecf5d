import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { VehicleType } from '@rentdrive/contracts/catalogue';
import { SelectField } from '../../../components/ui/form-fields';

/** Narrows a long catalogue table to one vehicle type ('' = all). Unsaved rows always stay visible. */
export function TypeFilter({ types, value, onChange }: { types: VehicleType[]; value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <SelectField
      label={t`Show vehicle type`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholderOption={t`All vehicle types`}
      options={types.map((t) => ({ value: String(t.id), label: t.name }))}
      containerClassName="w-full sm:w-64"
    />
  );
}
