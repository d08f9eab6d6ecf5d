import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface DataTableColumn<Row> {
  /** Stable key of the column. */
  key: string;
  /** Column header; also the label shown before the value in the phone (card) layout. */
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Hide the label in the card layout (e.g. for an image or an action column). */
  hideLabelOnCard?: boolean;
  className?: string;
}

export interface DataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  getRowKey: (row: Row) => string | number;
  /** An accessible name for the table (visually hidden unless showCaption). */
  caption: string;
  showCaption?: boolean;
  /** Makes rows clickable and keyboard-activatable (Enter/Space). */
  onRowClick?: (row: Row) => void;
  /** Accessible label of a clickable row, e.g. row => `Show bookings of ${row.make}`. */
  rowLabel?: (row: Row) => string;
  className?: string;
}

const ALIGN: Record<NonNullable<DataTableColumn<unknown>['align']>, string> = {
  left: 'sm:text-left',
  right: 'sm:text-right',
  center: 'sm:text-center',
};

/**
 * One semantic table; below 640 px CSS turns each row into a stacked card whose cells carry their
 * column name (data-label), so there is no duplicated markup for phones.
 */
export function DataTable<Row>({ columns, rows, getRowKey, caption, showCaption, onRowClick, rowLabel, className }: DataTableProps<Row>) {
  const handleKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };
  return (
    <div className={cn('sm:overflow-x-auto sm:rounded-card sm:border sm:border-slate-200 sm:bg-white sm:shadow-sm', className)}>
      <table className="w-full border-collapse text-sm max-sm:block">
        <caption className={cn(showCaption ? 'mb-2 text-left font-medium text-slate-800' : 'sr-only')}>{caption}</caption>
        <thead className="max-sm:hidden">
          <tr className="border-b border-slate-200 bg-slate-50">
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={cn('px-4 py-3 text-left font-semibold text-slate-700', c.align && ALIGN[c.align], c.className)}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
          {rows.map((row) => (
            <tr
              key={getRowKey(row)}
              className={cn(
                'border-slate-200 sm:border-b sm:last:border-b-0',
                'max-sm:block max-sm:rounded-card max-sm:border max-sm:bg-white max-sm:p-3 max-sm:shadow-sm',
                onRowClick &&
                  'cursor-pointer hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600',
              )}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              onKeyDown={onRowClick ? (e) => handleKeyDown(e, row) : undefined}
              tabIndex={onRowClick ? 0 : undefined}
              aria-label={onRowClick && rowLabel ? rowLabel(row) : undefined}
            >
              {columns.map((c) => (
                <td
                  key={c.key}
                  data-label={c.hideLabelOnCard ? undefined : c.header}
                  className={cn(
                    'px-4 py-3 align-middle text-slate-800',
                    'max-sm:flex max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:px-1 max-sm:py-1.5 max-sm:text-right',
                    !c.hideLabelOnCard &&
                      'max-sm:before:mr-auto max-sm:before:text-left max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]',
                    c.align && ALIGN[c.align],
                    c.className,
                  )}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
