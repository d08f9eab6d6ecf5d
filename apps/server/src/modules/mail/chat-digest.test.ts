import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { rendered } from '../../../test/helpers/mail';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { chatMessages, chatReadMarkers, mailOutbox } from '../../db/schema/index';
import { createChatDigest, CHAT_DIGEST_KIND } from './chat-digest';
import { createMailUnsubscribe } from './mail-unsubscribe';
import { createMailService } from './mail.service';

// Unread chat as one digest mail (issue 25): after 15 minutes unread and away, one mail per user
// naming how many and from whom; not again for the same messages; not while online; not when switched off.
const ORIGIN = 'https://rentdrive.test';
const MINUTE = 60_000;

describe('chat digest mail', () => {
  let t: TestApp;
  let online = new Set<string>();
  let digest: ReturnType<typeof createChatDigest>;
  let mail: ReturnType<typeof createMailService>;
  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z' });
    mail = createMailService({
      db: t.database.db,
      clock: t.clock,
      productName: 'RentDrive',
      from: 'x@rentdrive.test',
      unsubscribe: createMailUnsubscribe(),
    });
    digest = createChatDigest({
      db: t.database.db,
      clock: t.clock,
      mail,
      productName: 'RentDrive',
      onlineAmong: async (ids) => new Set(ids.filter((id) => online.has(id))),
      delayMs: 15 * MINUTE,
    });
  });
  afterAll(() => t.close());

  const say = async (from: { id: string }, to: { id: string }, text: string) =>
    (
      await t.database.db.insert(chatMessages).values({ senderId: from.id, receiverId: to.id, text, sentAt: t.clock.now() }).returning()
    )[0]!;
  const digestsTo = async (user: { email: string }) =>
    (await rendered(t.database, t.database.db.select().from(mailOutbox))).filter(
      (m) => m.kind === CHAT_DIGEST_KIND && m.toAddress === user.email,
    );
  const later = (minutes: number) => t.clock.set(new Date(t.clock.now().getTime() + minutes * MINUTE));

  it('mails one digest for several unread messages once they are 15 minutes old, and not again for them', async () => {
    const reader = await createUser(t.database);
    const alice = await createUser(t.database, { username: `alice_${Date.now()}` });
    const bob = await createUser(t.database, { username: `bob_${Date.now()}` });
    await say(alice, reader, 'Is the van free on Friday?');
    await say(alice, reader, 'Hello?');
    await say(bob, reader, 'Thanks for the ride!');
    later(10);
    await digest.run(ORIGIN);
    expect(await digestsTo(reader)).toHaveLength(0);

    later(6);
    // Two passes at once (two instances): one digest.
    await Promise.all([digest.run(ORIGIN), digest.run(ORIGIN)]);
    const [first, ...more] = await digestsTo(reader);
    expect(more).toHaveLength(0);
    expect(first!.subject).toBe('You have 3 unread messages on RentDrive');
    expect(first!.text).toContain(`3 messages are waiting for you in the chat, from ${[alice.username, bob.username].sort().join(', ')}.`);
    expect(first!.text).toContain(`${ORIGIN}/chat`);
    expect(first!.listUnsubscribe).toMatch(/\/api\/mail\/unsubscribe\?token=/);

    later(30);
    await digest.run(ORIGIN);
    expect(await digestsTo(reader)).toHaveLength(1);

    // A new message, still unread 15 minutes later: a second digest counting it alone.
    await say(bob, reader, 'One more thing.');
    later(16);
    await digest.run(ORIGIN);
    const digests = await digestsTo(reader);
    expect(digests).toHaveLength(2);
    expect(digests.map((d) => d.subject)).toContain('You have 1 unread message on RentDrive');
  });

  it('sends nothing for messages read, to someone on the site, or to someone who switched it off', async () => {
    const [reader, onSite, optedOut, sender] = await Promise.all([
      createUser(t.database),
      createUser(t.database),
      createUser(t.database),
      createUser(t.database),
    ]);
    const read = await say(sender, reader, 'Read this one.');
    await t.database.db.insert(chatReadMarkers).values({ userId: reader.id, partnerId: sender.id, lastReadSeq: read.seq });
    await say(sender, onSite, 'Hi');
    await say(sender, optedOut, 'Hi');
    await mail.setPreference(optedOut.id, { kind: 'chat-digest', email: false });
    online = new Set([onSite.id]);
    later(20);
    await digest.run(ORIGIN);
    expect(await digestsTo(reader)).toHaveLength(0);
    expect(await digestsTo(onSite)).toHaveLength(0);
    expect(await digestsTo(optedOut)).toHaveLength(0);
    // Away now: the one on the site gets it.
    online = new Set();
    await digest.run(ORIGIN);
    expect(await digestsTo(onSite)).toHaveLength(1);
  });
});
