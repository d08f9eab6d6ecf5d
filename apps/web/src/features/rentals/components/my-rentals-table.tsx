import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Link } from 'react-router';
import { VehiclePaths } from '@rentdrive/contracts/paths';
import type { MyRental } from '@rentdrive/contracts/rentals';
import { MessageButton } from '../../../components/message-button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { Money } from '../../../components/ui/money';
import { useFormat } from '../../../i18n/format';
import { imageSrc } from '../../../lib/image-src';
import { vehicleOwner } from '../api/chat-partners';
import { shortDay } from '../lib/format';
import { RentalActions, type RentalActionHandlers } from './rental-actions';
import { RentalExtra } from './rental-extra';
import { RentalStatusBadge } from './rental-status-badge';

function VehicleCell({ rental }: { rental: MyRental }) {
  const src = rental.imageUrl ? imageSrc(rental.imageUrl) : null;
  const name = `${rental.vehicleMake} ${rental.vehicleModel}`;
  // The thumbnail gives way to the other seven columns on laptops (1024-1279 px).
  const thumbClass = 'h-9 w-12 shrink-0 rounded-control bg-slate-100 max-xl:unstacked:hidden';
  return (
    <Link
      to={VehiclePaths.detail(rental.vehicleId)}
      className="flex items-center gap-3 rounded-control font-medium text-slate-900 hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600 stacked:w-full"
    >
      {src ? (
        <img src={src} alt="" width={48} height={36} loading="lazy" className={`${thumbClass} object-cover`} />
      ) : (
        <span aria-hidden="true" className={thumbClass} />
      )}
      {/* Wide enough for most names on two lines, however the other columns squeeze it. */}
      <span className="min-w-24">{name}</span>
    </Link>
  );
}

export interface MyRentalsTableProps extends RentalActionHandlers {
  rentals: MyRental[];
  /** The rental whose action is running (its buttons show progress). */
  busyRentalId: string | null;
}

/** My Rentals: vehicle, status, booked on, start, end, price per day, total price, action. */
export function MyRentalsTable({ rentals, busyRentalId, ...handlers }: MyRentalsTableProps) {
  const { t } = useLingui();
  const format = useFormat();
  const columns: DataTableColumn<MyRental>[] = [
    {
      key: 'vehicle',
      header: t`Vehicle`,
      hideLabelOnCard: true,
      cell: (r) => {
        const name = `${r.vehicleMake} ${r.vehicleModel}`;
        const [start, end] = [format.longDate(r.startDate), format.longDate(r.endDate)];
        return (
          <div className="flex flex-col items-start gap-1">
            <VehicleCell rental={r} />
            <MessageButton
              resolve={() => vehicleOwner(r.vehicleId)}
              subject={`rental:${r.id}`}
              draft={({ username: owner }) => t`Hello ${owner}, about my rental of your ${name} from ${start} to ${end}: `}
              aria-label={t`Message the owner of ${name}`}
            >
              {t`Message owner`}
            </MessageButton>
            {/* Issue 27: the owner's published rating of the renter (the screen plugs it in). */}
            <RentalExtra rental={r} />
          </div>
        );
      },
    },
    { key: 'status', header: t`Status`, cell: (r) => <RentalStatusBadge status={r.status} /> },
    { key: 'bookedOn', header: t`Booked On`, cell: (r) => shortDay(r.bookedOn, format), className: 'whitespace-nowrap' },
    { key: 'start', header: t`Start`, cell: (r) => shortDay(r.startDate, format), className: 'whitespace-nowrap' },
    { key: 'end', header: t`End`, cell: (r) => shortDay(r.endDate, format), className: 'whitespace-nowrap' },
    { key: 'pricePerDay', header: t`Price per Day`, align: 'right', cell: (r) => <Money amount={r.pricePerDay} /> },
    { key: 'total', header: t`Total Price`, align: 'right', cell: (r) => <Money amount={r.totalPrice} className="font-semibold" /> },
    {
      key: 'action',
      header: t`Action`,
      cell: (r) => <RentalActions rental={r} isBusy={busyRentalId === r.id} {...handlers} />,
    },
  ];
  // Eight columns fit a desktop card; tablets get the stacked cards phones have.
  return <DataTable caption={t`My Rentals`} columns={columns} rows={rentals} getRowKey={(r) => r.id} stackBelow="lg" />;
}
