import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  /**
   * Below which viewport width rows become stacked cards: 'sm' (640 px) for tables of a few columns,
   * 'lg' (1024 px) for wide ones that would otherwise scroll sideways on tablets. At any width where
   * the table is still wider than its card, it is stacked too.
   */
  stackBelow?: 'sm' | 'lg';
}

const ALIGN: Record<NonNullable<DataTableColumn<unknown>['align']>, string> = {
  left: 'unstacked:text-left',
  right: 'unstacked:text-right',
  center: 'unstacked:text-center',
};

/**
 * One semantic table; below `stackBelow` CSS turns each row into a stacked card whose cells carry
 * their column name (data-label), so there is no duplicated markup for phones.
 */
export function DataTable<Row>({
  columns,
  rows,
  getRowKey,
  caption,
  showCaption,
  onRowClick,
  rowLabel,
  className,
  stackBelow = 'sm',
}: DataTableProps<Row>) {
  // Wider than its card even at a width where it is a table (a long language's words and buttons):
  // stacked cards at that width too, rather than a table scrolled sideways (lib/watch-fit.ts).
  const wrapper = useRef<HTMLDivElement>(null);
  const [tooWide, setTooWide] = useState(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    if (typeof ResizeObserver === 'function')
      void import('../../lib/watch-fit').then((m) => {
        if (live && wrapper.current) stop = m.watchFit(wrapper.current, setTooWide);
      });
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  const handleKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };
  return (
    <div
      ref={wrapper}
      data-stack={tooWide ? 'always' : stackBelow}
      className={cn(
        'unstacked:overflow-x-auto unstacked:rounded-card unstacked:border unstacked:border-slate-200 unstacked:bg-white unstacked:shadow-sm',
        className,
      )}
    >
      <table className="w-full border-collapse text-sm stacked:block">
        <caption className={cn(showCaption ? 'mb-2 text-left font-medium text-slate-800' : 'sr-only')}>{caption}</caption>
        <thead className="stacked:hidden">
          <tr className="border-b border-slate-200 bg-slate-50">
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={cn('px-3 py-3 text-left font-semibold text-slate-700', c.align && ALIGN[c.align], c.className)}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        {/* Tablets fit two cards side by side. */}
        <tbody className="stacked:grid stacked:gap-3 sm:stacked:grid-cols-2">
          {rows.map((row) => (
            <tr
              key={getRowKey(row)}
              className={cn(
                'border-slate-200 unstacked:border-b unstacked:last:border-b-0',
                // min-w-0 and wrap-anywhere: a card is as wide as its grid column, whatever its longest word.
                'stacked:block stacked:min-w-0 stacked:rounded-card stacked:border stacked:bg-white stacked:p-3 stacked:shadow-sm stacked:wrap-anywhere',
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
                    'px-3 py-3 align-middle text-slate-800',
                    // A value too wide to sit beside its label (a long button in a long language) goes below it.
                    'stacked:flex stacked:flex-wrap stacked:items-center stacked:justify-between stacked:gap-x-4 stacked:gap-y-1 stacked:px-1 stacked:py-1.5 stacked:text-right',
                    !c.hideLabelOnCard &&
                      // A fixed label width lines every value and input of a card up at the same x.
                      'stacked:before:mr-auto stacked:before:w-28 sm:stacked:before:w-32 stacked:before:shrink-0 stacked:before:text-left stacked:before:font-medium stacked:before:text-slate-600 stacked:before:content-[attr(data-label)]',
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
