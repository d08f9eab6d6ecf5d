import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useId } from 'react';
import type { IsoDay } from '@rentdrive/domain/dates';
import { TextField } from '../../../components/ui/form-fields';

export interface RentDateFieldsProps {
  pickUp: string;
  returnDay: string;
  /** First and last bookable day. */
  min: IsoDay;
  max: IsoDay;
  onChange: (next: { pickUp: string; returnDay: string }) => void;
  /** Why the typed range was not selected (names the day that is not free). */
  error?: string;
  disabled?: boolean;
}

/**
 * 'Pick-up' and 'Return' above the rent calendar: a whole run of days in one go, beside the
 * calendar's click rules. The two stay in step with the calendar's selection.
 */
export function RentDateFields({ pickUp, returnDay, min, max, onChange, error, disabled }: RentDateFieldsProps) {
  const { t } = useLingui();
  const errorId = useId();
  const errorProps = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <div className="grid w-full max-w-sm grid-cols-2 gap-3">
      <TextField
        label={t`Pick-up`}
        type="date"
        value={pickUp}
        min={min}
        max={max}
        disabled={disabled}
        {...errorProps}
        onChange={(event) => onChange({ pickUp: event.target.value, returnDay })}
      />
      <TextField
        label={t`Return`}
        type="date"
        value={returnDay}
        min={pickUp || min}
        max={max}
        disabled={disabled}
        {...errorProps}
        onChange={(event) => onChange({ pickUp, returnDay: event.target.value })}
      />
      {error && (
        <p id={errorId} role="alert" className="col-span-2 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
