import { sql } from 'drizzle-orm';
import { chatMessages, chatReadMarkers, users } from '../db/schema/index';
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
    .where(
      sql`lower(${users.username}) in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
  const idByName = new Map(rows.map((r) => [r.username.toLowerCase(), r.id]));
  if (names.some((n) => !idByName.has(n))) return log('chat seed: demo users missing, skipped');

  const ids = [...idByName.values()];
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      sql`${chatMessages.senderId} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
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
  // Whoever answered has read what came before the answer; the last word of each conversation is
  // still unread by its receiver, so the demo shows a few unread marks.
  const demoIds = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${chatReadMarkers} (user_id, partner_id, last_read_seq)
    select answered.sender_id, answered.receiver_id, max(m.seq)
    from (
      select sender_id, receiver_id, max(seq) as last_sent from ${chatMessages}
      where sender_id in (${demoIds}) group by sender_id, receiver_id
    ) answered
    join ${chatMessages} m on m.sender_id = answered.receiver_id and m.receiver_id = answered.sender_id and m.seq < answered.last_sent
    group by answered.sender_id, answered.receiver_id
    on conflict do nothing`);
  log(`chat seed: ${CONVERSATIONS.length} demo messages`);
}
