import { sql } from 'drizzle-orm';
import { chatMessages, users } from '../schema/index';
import type { SeedContext } from './seed-context';

/** Demo conversations: [from, to, text, minutes before the seed ran]. */
const CONVERSATIONS: readonly [string, string, string, number][] = [
  ['alice', 'bob', 'Hi Bob! Is your bike still free this weekend?', 300],
  ['bob', 'alice', 'Hi Alice, yes it is. Saturday and Sunday both work.', 295],
  ['alice', 'bob', 'Great, I will book it tonight. Thanks!', 290],
  ['carol', 'alice', 'Hello! How was the car you rented last month?', 120],
  ['alice', 'carol', 'Really comfortable, and the owner was very friendly.', 118],
  ['bob', 'carol', 'Carol, could I pick up the scooter an hour earlier?', 45],
  ['carol', 'bob', 'Sure, 9:00 works for me.', 40],
];

/**
 * A few conversations between alice, bob and carol. Idempotent: skipped when any of them already
 * has a message (so a user's real chats are never mixed with demo ones).
 */
export async function seedChat({ database, log }: SeedContext): Promise<void> {
  const { db } = database;
  const names = [...new Set(CONVERSATIONS.flatMap(([from, to]) => [from, to]))];
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})`);
  const idByName = new Map(rows.map((r) => [r.username.toLowerCase(), r.id]));
  if (names.some((n) => !idByName.has(n))) return log('chat seed: demo users missing, skipped');

  const ids = [...idByName.values()];
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(sql`${chatMessages.senderId} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  if ((existing?.count ?? 0) > 0) return;

  const nowMs = Date.now();
  await db.insert(chatMessages).values(
    CONVERSATIONS.map(([from, to, text, minutesAgo]) => ({
      senderId: idByName.get(from)!,
      receiverId: idByName.get(to)!,
      text,
      sentAt: new Date(nowMs - minutesAgo * 60_000),
    })),
  );
  log(`chat seed: ${CONVERSATIONS.length} demo messages`);
}
