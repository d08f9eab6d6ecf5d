import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as drizzleKit from 'drizzle-kit/api';
import { MIGRATIONS_DIR } from './client';
import * as schema from './schema/index';

/**
 * drizzle-kit writes a migration by comparing the schema with the newest snapshot in
 * migrations/meta, so that snapshot must describe what the migrations build. Hand-written migrations
 * (triggers, functions, data) come with a snapshot too: `npm run db:snapshot` writes the newest
 * migration's from the schema. The test next to this file fails when they drift apart.
 */
const META_DIR = path.join(MIGRATIONS_DIR, 'meta');

interface JournalEntry {
  idx: number;
  tag: string;
}

/** The migrations in order, as drizzle's journal lists them. */
export function journalEntries(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(META_DIR, '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

const snapshotFile = (entry: JournalEntry) => path.join(META_DIR, `${entry.tag.split('_')[0]}_snapshot.json`);

const readSnapshot = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Snapshot;

/** The newest migration and its snapshot, if it has one. */
export function newestSnapshot(): { tag: string; snapshot: Snapshot | undefined } {
  const newest = journalEntries().at(-1);
  if (!newest) throw new Error('migrations/meta/_journal.json lists no migration');
  const file = snapshotFile(newest);
  return { tag: newest.tag, snapshot: existsSync(file) ? readSnapshot(file) : undefined };
}

/** A drizzle-kit snapshot (migrations/meta/NNNN_snapshot.json). */
export interface Snapshot {
  id: string;
  prevId: string;
  tables: Record<string, SnapshotTable>;
  [key: string]: unknown;
}

// drizzle-kit's declarations build on zod 3's types, which zod 4 no longer has: typed here instead.
const generateDrizzleJson = drizzleKit.generateDrizzleJson as unknown as (imports: Record<string, unknown>, prevId?: string) => Snapshot;
const generateMigration = drizzleKit.generateMigration as unknown as (prev: Snapshot, cur: Snapshot) => Promise<string[]>;

/** The parts of a table's snapshot the migrations test compares. */
export interface SnapshotTable {
  name: string;
  columns: Record<string, { name: string; type: string; primaryKey: boolean; notNull: boolean; default?: unknown }>;
  indexes: Record<string, { name: string; isUnique: boolean }>;
  foreignKeys: Record<string, { name: string; tableTo: string; columnsFrom: string[]; columnsTo: string[] }>;
  compositePrimaryKeys: Record<string, { name: string; columns: string[] }>;
  uniqueConstraints: Record<string, { name: string }>;
  checkConstraints: Record<string, { name: string }>;
}

/** The tables of the schema as the code declares it now. */
export function schemaTables(): SnapshotTable[] {
  return Object.values(schemaSnapshot().tables);
}

/** The snapshot of the schema as the code declares it now. */
export function schemaSnapshot(prevId?: string): Snapshot {
  return generateDrizzleJson(schema, prevId);
}

/** The SQL drizzle-kit would generate now (empty when the newest snapshot is the schema). */
export function pendingStatements(snapshot: Snapshot): Promise<string[]> {
  return generateMigration(snapshot, schemaSnapshot(snapshot.id));
}

/**
 * Writes the newest migration's snapshot from the schema, chained to the snapshot before it (its id
 * kept when it exists, so a second run changes nothing). Returns the file written.
 */
export function writeNewestSnapshot(): string {
  const entries = journalEntries();
  const newest = entries.at(-1);
  if (!newest) throw new Error('migrations/meta/_journal.json lists no migration');
  const target = snapshotFile(newest);
  const earlier = readdirSync(META_DIR)
    .filter((name) => /^\d{4}_snapshot\.json$/.test(name) && path.join(META_DIR, name) !== target)
    .filter((name) => Number(name.slice(0, 4)) < newest.idx)
    .sort()
    .at(-1);
  const prevId = earlier ? readSnapshot(path.join(META_DIR, earlier)).id : '00000000-0000-0000-0000-000000000000';
  const id = existsSync(target) ? readSnapshot(target).id : randomUUID();
  const snapshot = { ...schemaSnapshot(prevId), id, prevId };
  writeFileSync(target, `${JSON.stringify(snapshot, null, 2)}\n`);
  return target;
}
