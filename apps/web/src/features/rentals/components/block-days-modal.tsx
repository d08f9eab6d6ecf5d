import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useMemo, useState } from 'react';
import type { BlockedDaysResponse } from '@rentdrive/contracts/availability';
import type { IsoDay } from '@rentdrive/domain/dates';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/form-fields';
import { LoadingText } from '../../../components/ui/loading-text';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useBlockedDays, useSaveBlockedDays } from '../api/blocked-days';
import { setRange, toggleBlockedDay, type BlockSelection } from '../lib/block-selection';
import { AvailabilityCalendar } from './availability-calendar';

export interface AvailabilityVehicle {
  id: string;
  make: string;
  model: string;
}

export interface BlockDaysModalProps {
  /** The vehicle whose calendar is open; null when closed. */
  vehicle: AvailabilityVehicle | null;
  onClose: () => void;
  onSaved?: (view: BlockedDaysResponse) => void;
}

const FORM_ID = 'block-days-form';

const sameDays = (a: ReadonlySet<IsoDay>, b: readonly IsoDay[]) => a.size === b.length && b.every((d) => a.has(d));

/** The owner's calendar of one vehicle for the next 6 months: block and unblock days, then save. */
function BlockDaysEditor({
  view,
  onSaved,
  onClose,
}: {
  view: BlockedDaysResponse;
  onSaved?: BlockDaysModalProps['onSaved'];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [selection, setSelection] = useState<BlockSelection>(() => ({ blocked: new Set(view.blockedDays), anchor: null }));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [rangeError, setRangeError] = useState<string | null>(null);
  const booked = useMemo(() => new Set(view.bookedDays), [view.bookedDays]);
  const save = useSaveBlockedDays(view.vehicleId);
  const window = { booked, firstDay: view.firstDay, lastDay: view.lastDay };
  const selected = [...selection.blocked].sort();
  const isChanged = !sameDays(selection.blocked, view.blockedDays);
  // Wide screens: two months side by side, the range tools below them.
  const isWide = useMediaQuery('(min-width: 1024px)', false);

  function applyRange(block: boolean) {
    if (!from || !to) return setRangeError(t`Choose the first and the last day of the range.`);
    if (from > to) return setRangeError(t`The first day must not be after the last day.`);
    setRangeError(null);
    setSelection((s) => ({ blocked: setRange(s.blocked, from, to, block, window), anchor: null }));
  }

  return (
    <form
      id={FORM_ID}
      noValidate
      className={isWide ? 'grid gap-5' : 'grid gap-5 md:grid-cols-[auto_minmax(0,1fr)]'}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(selected, {
          onSuccess: (saved) => {
            onSaved?.(saved);
            onClose();
          },
        });
      }}
    >
      <AvailabilityCalendar
        label={t`Blocked days`}
        mode="owner"
        today={view.firstDay}
        lastDay={view.lastDay}
        bookedDays={booked}
        selectedDays={selected}
        months={isWide ? 2 : 1}
        onDayClick={(day, { shiftKey }) => setSelection((s) => toggleBlockedDay(s, day, { shiftKey, ...window }))}
      />
      <div className="flex min-w-0 flex-col gap-4">
        <p className="text-sm text-slate-700">
          <Trans>
            Click a day to block or unblock it; Shift+click blocks (or frees) every day since the last one you clicked. Booked days cannot
            be blocked.
          </Trans>
        </p>
        <fieldset className="grid grid-cols-2 gap-3 rounded-card border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">
            <Trans>A range of days</Trans>
          </legend>
          <TextField
            label={t`From`}
            type="date"
            min={view.firstDay}
            max={view.lastDay}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextField label={t`To`} type="date" min={view.firstDay} max={view.lastDay} value={to} onChange={(e) => setTo(e.target.value)} />
          {rangeError && (
            <p className="col-span-2 text-sm text-danger" role="alert">
              {rangeError}
            </p>
          )}
          <div className="col-span-2 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => applyRange(true)}>
              <Trans>Block range</Trans>
            </Button>
            <Button size="sm" variant="ghost" onClick={() => applyRange(false)}>
              <Trans>Unblock range</Trans>
            </Button>
          </div>
        </fieldset>
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="blocked-summary">
          {selected.length === 0 ? t`No days blocked.` : t`${plural(selected.length, { one: '# day', other: '# days' })} blocked.`}
          {isChanged ? ` ${t`Not saved yet.`}` : ''}
        </p>
        {save.isError && (
          <p role="alert" className="rounded-control border border-danger/40 bg-red-50 p-3 text-sm text-danger">
            {errorMessage(save.error, t`The days could not be saved. Please try again.`)}
          </p>
        )}
        <div className="mt-auto flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isLoading={save.isPending} loadingText={t`Saving...`} disabled={!isChanged}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </div>
    </form>
  );
}

function BlockDaysContent({
  vehicleId,
  onSaved,
  onClose,
}: {
  vehicleId: string;
  onSaved?: BlockDaysModalProps['onSaved'];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const view = useBlockedDays(vehicleId);
  if (view.isPending) return <LoadingText text={t`Loading Availability...`} />;
  if (view.isError) {
    return <ErrorState message={t`Error: ${errorMessage(view.error)}`} onRetry={() => void view.refetch()} isRetrying={view.isFetching} />;
  }
  return <BlockDaysEditor key={view.data.vehicleId} view={view.data} onSaved={onSaved} onClose={onClose} />;
}

/** My Vehicles and the vehicle page's owner menu: 'Availability' opens this for one vehicle. */
export function BlockDaysModal({ vehicle, onClose, onSaved }: BlockDaysModalProps) {
  const { t } = useLingui();
  return (
    <Modal
      open={vehicle !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Availability`}
      description={
        vehicle ? t`${vehicle.make} ${vehicle.model}: block days for a service or a holiday; renters cannot book them.` : undefined
      }
      size="xl"
    >
      {vehicle && <BlockDaysContent vehicleId={vehicle.id} onSaved={onSaved} onClose={onClose} />}
    </Modal>
  );
}
