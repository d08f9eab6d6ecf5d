/**
 * The owner's transactions as CSV for an accountant (RFC 4180): a header row, CRLF line ends, a field
 * quoted when it holds the separator, a quote or a line break (quotes doubled). Amounts in euros in
 * the reader's number format: a decimal comma (German, French...) goes with ';' as the separator, as
 * spreadsheets in those languages expect. A text field starting with = + - @ (a formula to a
 * spreadsheet) is written with a leading apostrophe.
 */
export interface CsvNumberFormat {
  decimal: '.' | ',';
}

/** One row; amounts in cents. */
export interface CsvLine {
  date: string;
  type: string;
  vehicle: string;
  rental: string;
  gross: number;
  fee: number;
  net: number;
}

export const CSV_COLUMNS = ['date', 'type', 'vehicle', 'rental', 'gross', 'fee', 'net'] as const;

/** The number format of a language ('de' → decimal comma). */
export function csvFormatFor(locale: string | undefined): CsvNumberFormat {
  const decimal = new Intl.NumberFormat(locale ?? 'en').formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return { decimal: decimal === ',' ? ',' : '.' };
}

function euros(cents: number, format: CsvNumberFormat): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${format.decimal}${String(abs % 100).padStart(2, '0')}`;
}

function field(value: string, separator: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(lines: CsvLine[], format: CsvNumberFormat): string {
  const separator = format.decimal === ',' ? ';' : ',';
  const out = [CSV_COLUMNS.join(separator)];
  for (const line of lines) {
    out.push(
      [
        field(line.date, separator),
        field(line.type, separator),
        field(line.vehicle, separator),
        field(line.rental, separator),
        euros(line.gross, format),
        euros(line.fee, format),
        euros(line.net, format),
      ].join(separator),
    );
  }
  return `${out.join('\r\n')}\r\n`;
}
