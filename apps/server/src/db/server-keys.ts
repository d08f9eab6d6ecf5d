import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serverKeys } from './schema/index';

/**
 * A signing key from the database, made at random by the first instance that asks for it, so every
 * instance signs and verifies with the same key without any configuration. Read once per process;
 * a failed read is tried again on the next call.
 */
export function databaseKey(db: Db, name: string): () => Promise<Buffer> {
  let loaded: Promise<Buffer> | undefined;
  async function load(): Promise<Buffer> {
    await db
      .insert(serverKeys)
      .values({ name, secret: randomBytes(32).toString('hex') })
      .onConflictDoNothing();
    const [row] = await db.select({ secret: serverKeys.secret }).from(serverKeys).where(eq(serverKeys.name, name));
    if (!row) throw new Error(`server key ${name} is missing`);
    return Buffer.from(row.secret, 'hex');
  }
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
