import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { isUuid } from '@rentdrive/contracts/ids';
import { MailPaths } from '@rentdrive/contracts/mail';
import type { Db, Tx } from '../../db/client';
import { mailOptOuts, serverKeys, users } from '../../db/schema/index';

const KEY_NAME = 'mail_unsubscribe';

/**
 * One-click unsubscribe tokens (RFC 8058): `<user id>.<kind>.<HMAC-SHA256 of both>` with the server's
 * key (server_keys, made by the first instance that needs it), so the link switches off that kind for
 * that user without signing in, and nobody can make one for another user or another kind.
 */
export function createMailUnsubscribe() {
  let key: Buffer | undefined;
  /**
   * Read (or made) through the caller's executor: compose runs inside an event's transaction. A key
   * this call made is not kept in memory: its transaction may still roll back (and its mail with it),
   * and the next call would then make the key that stays. A key found already there is kept.
   */
  async function keyOf(db: Db | Tx): Promise<Buffer> {
    if (key) return key;
    const made = await db
      .insert(serverKeys)
      .values({ name: KEY_NAME, secret: randomBytes(32).toString('hex') })
      .onConflictDoNothing()
      .returning({ name: serverKeys.name });
    const [row] = await db.select({ secret: serverKeys.secret }).from(serverKeys).where(eq(serverKeys.name, KEY_NAME));
    if (!row) throw new Error(`server key ${KEY_NAME} is missing`);
    const found = Buffer.from(row.secret, 'hex');
    if (made.length === 0) key = found;
    return found;
  }
  const mac = (secret: Buffer, userId: string, kind: string) =>
    createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');

  return {
    async token(db: Db | Tx, userId: string, kind: string): Promise<string> {
      return `${userId}.${kind}.${mac(await keyOf(db), userId, kind)}`;
    },

    async url(db: Db | Tx, origin: string, userId: string, kind: string): Promise<string> {
      return `${origin}${MailPaths.unsubscribe}?token=${encodeURIComponent(await this.token(db, userId, kind))}`;
    },

    /** The user and kind a genuine token names; undefined for anything else. */
    async verify(db: Db | Tx, token: string): Promise<{ userId: string; kind: string } | undefined> {
      const [userId, kind, signature, ...rest] = token.split('.');
      if (!userId || !kind || !signature || rest.length > 0 || !isUuid(userId) || !/^[a-z-]{1,60}$/.test(kind)) return undefined;
      const expected = Buffer.from(mac(await keyOf(db), userId, kind));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind } : undefined;
    },

    async isOptedOut(db: Db | Tx, userId: string, kind: string): Promise<boolean> {
      const [row] = await db
        .select({ kind: mailOptOuts.kind })
        .from(mailOptOuts)
        .where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, kind)))
        .limit(1);
      return Boolean(row);
    },

    async optedOutKinds(db: Db, userId: string): Promise<string[]> {
      const rows = await db.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, userId));
      return rows.map((r) => r.kind);
    },

    async optIn(db: Db, userId: string, kind: string): Promise<void> {
      await db.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, kind)));
    },

    /** Idempotent; a user deleted meanwhile leaves nothing to switch off. */
    async optOut(db: Db, userId: string, kind: string, at: Date): Promise<void> {
      await db.execute(
        sql`insert into ${mailOptOuts} (user_id, kind, created_at) select id, ${kind}, ${at} from ${users} where id = ${userId} on conflict do nothing`,
      );
    },
  };
}
export type MailUnsubscribe = ReturnType<typeof createMailUnsubscribe>;
