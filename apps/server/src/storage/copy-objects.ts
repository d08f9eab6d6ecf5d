import { buffer } from 'node:stream/consumers';
import { contentTypeOfKey, type ObjectStore } from './object-store';

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size. */
  skipped: number;
  bytes: number;
}

/**
 * Copies every object of `source` into `target`, a few at a time. An object the target already holds
 * with the same size is skipped (keys are uuids written once), so a run that stopped half-way, or a
 * second run after more uploads, only copies what is missing.
 */
export async function copyObjects(
  source: ObjectStore,
  target: ObjectStore,
  options: { concurrency?: number; onCopied?: (key: string) => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  const entries = source.list('')[Symbol.asyncIterator]();
  const worker = async () => {
    for (let next = await entries.next(); !next.done; next = await entries.next()) {
      const { key, size } = next.value;
      const there = await target.head(key);
      if (there && there.size === size) {
        report.skipped += 1;
        continue;
      }
      const read = await source.get(key);
      if (!read?.body) continue; // removed since it was listed
      const bytes = await buffer(read.body);
      await target.put(key, bytes, contentTypeOfKey(key));
      report.copied += 1;
      report.bytes += bytes.length;
      options.onCopied?.(key);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return report;
}
