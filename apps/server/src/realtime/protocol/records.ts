/**
 * SignalR's text framing: every JSON record (handshake included) ends with the ASCII record
 * separator 0x1E. A transport frame may carry several records, and a record may arrive split across
 * frames, so a reader keeps the unfinished tail between calls.
 */
export const RECORD_SEPARATOR = '\u001e';

export interface RecordReadResult {
  /** Complete records, without their separator, in arrival order. */
  records: string[];
  /** The unfinished tail to pass back in with the next chunk. */
  pending: string;
  /** A record (or the unfinished tail) exceeded the limit; the caller should close the connection. */
  isOversized: boolean;
}

/**
 * Splits `pending + chunk` into complete records. `maxRecordChars` bounds one record (and the
 * tail), so a client cannot make the server buffer without limit.
 */
export function readRecords(pending: string, chunk: string, maxRecordChars: number): RecordReadResult {
  const text = pending + chunk;
  const records: string[] = [];
  let start = 0;
  for (let end = text.indexOf(RECORD_SEPARATOR); end !== -1; end = text.indexOf(RECORD_SEPARATOR, start)) {
    if (end - start > maxRecordChars) return { records, pending: '', isOversized: true };
    records.push(text.slice(start, end));
    start = end + 1;
  }
  const rest = text.slice(start);
  if (rest.length > maxRecordChars) return { records, pending: '', isOversized: true };
  return { records, pending: rest, isOversized: false };
}

/** One record on the wire: the JSON text followed by the separator. */
export function formatRecord(value: unknown): string {
  return JSON.stringify(value) + RECORD_SEPARATOR;
}
