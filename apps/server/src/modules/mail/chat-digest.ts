import { and, desc, eq, sql } from 'drizzle-orm';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import type { Db, Tx } from '../../db/client';
import { chatMessages, chatReadMarkers, mailOutbox, users } from '../../db/schema/index';
import { transact } from '../../db/transactions';
import type { Clock } from '../../lib/clock';
import { mailLocale } from './mail-i18n';
import { defineMail } from './mail-kinds';
import { MailMessages } from './mail-messages';
import type { MailService } from './mail.service';

/** The kind of the digest mail (switchable in Settings → Notifications and by its unsubscribe link). */
export const CHAT_DIGEST_KIND = 'chat-digest';

const chatDigestMail = defineMail<{ count: number; senders: string[] }>(CHAT_DIGEST_KIND, {
  security: false,
  build: (t, { count, senders }, { origin, productName }) => ({
    subject: t(MailMessages.chatDigestSubject, { count, product: productName }),
    paragraphs: [t(MailMessages.chatDigestBody, { count, senders: senders.join(', ') })],
    button: { label: t(MailMessages.chatDigestButton), url: `${origin}${WebPaths.chat}` },
    why: t(MailMessages.chatDigestWhy, { product: productName }),
  }),
});

export interface ChatDigestDeps {
  db: Db;
  clock: Clock;
  mail: MailService;
  productName: string;
  /** The hub's presence: who has the site open right now (on any instance). */
  onlineAmong: (userIds: string[]) => Promise<Set<string>>;
  /** Messages unread this long, with the reader away, are mailed (15 minutes). */
  delayMs: number;
}

/**
 * Unread chat as one digest mail (issue 25): a user with messages unread for `delayMs` who is not on
 * the site gets one mail naming how many and from whom, never one per message. Messages already
 * counted in an earlier digest are not counted again (the last digest in the outbox is the mark). Each
 * user's digest is written under a transaction-scoped advisory lock, with the mark read again inside
 * it, so two instances running at once write it once.
 */
export function createChatDigest({ db, clock, mail, onlineAmong, delayMs }: ChatDigestDeps) {
  /** Unread messages older than the delay and newer than the user's last digest, per receiver. */
  async function due(exec: Db | Tx, receiverId?: string) {
    const before = new Date(clock.now().getTime() - delayMs);
    const lastDigest = sql`(select max(${mailOutbox.createdAt}) from ${mailOutbox} where ${mailOutbox.userId} = ${chatMessages.receiverId} and ${mailOutbox.kind} = ${CHAT_DIGEST_KIND})`;
    return exec
      .select({
        receiverId: chatMessages.receiverId,
        count: sql<number>`count(*)::int`,
        senders: sql<string[]>`array_agg(distinct ${users.username})`,
      })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.senderId))
      .leftJoin(
        chatReadMarkers,
        and(eq(chatReadMarkers.userId, chatMessages.receiverId), eq(chatReadMarkers.partnerId, chatMessages.senderId)),
      )
      .where(
        and(
          sql`${chatMessages.seq} > coalesce(${chatReadMarkers.lastReadSeq}, 0)`,
          sql`${chatMessages.sentAt} <= ${before}`,
          sql`${chatMessages.sentAt} > coalesce(${lastDigest}, '-infinity'::timestamptz)`,
          receiverId ? eq(chatMessages.receiverId, receiverId) : undefined,
        ),
      )
      .groupBy(chatMessages.receiverId)
      .orderBy(desc(sql`count(*)`))
      .limit(500);
  }

  return {
    /** One pass: the number of digests written. */
    async run(origin: string): Promise<number> {
      const candidates = await due(db);
      if (candidates.length === 0) return 0;
      const online = await onlineAmong(candidates.map((c) => c.receiverId));
      let written = 0;
      for (const candidate of candidates) {
        if (online.has(candidate.receiverId)) continue;
        const wrote = await transact(db, async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-digest:${candidate.receiverId}`}))`);
          // Read again under the lock: another instance may have written this digest meanwhile.
          const [fresh] = await due(tx, candidate.receiverId);
          if (!fresh) return false;
          const [user] = await tx
            .select({ id: users.id, username: users.username, email: users.email, language: users.language })
            .from(users)
            .where(eq(users.id, candidate.receiverId))
            .limit(1);
          if (!user) return false;
          const id = await mail.compose(
            tx,
            origin,
            { userId: user.id, address: user.email, username: user.username, locale: mailLocale(user.language) },
            chatDigestMail,
            { count: fresh.count, senders: fresh.senders.sort() },
          );
          return id !== undefined;
        });
        if (wrote) written++;
      }
      return written;
    },
  };
}
export type ChatDigest = ReturnType<typeof createChatDigest>;

/** How often each instance looks for digests to write. */
export const CHAT_DIGEST_INTERVAL_MS = 60_000;

/**
 * The digest's timer on each instance (not under NODE_ENV=test: tests run the digest themselves).
 * Unref'd; stop() waits for a pass in progress. Two instances never write one digest twice (see above).
 */
export function startChatDigestJob(digest: ChatDigest, origin: string, onError: (error: unknown) => void) {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const interval = setInterval(() => {
    if (running || stopped) return;
    running = digest
      .run(origin)
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, CHAT_DIGEST_INTERVAL_MS);
  interval.unref();
  return {
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(interval);
      await running;
    },
  };
}
