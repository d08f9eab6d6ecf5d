import { describe, expect, it } from 'vitest';
import { createMessageWriter, type NewMessage } from './message-writer';

const message = (text: string, receiverId = 'r'): NewMessage => ({
  senderId: 's',
  receiverId,
  text,
  sentAt: new Date('2026-06-01T10:00:00Z'),
});

function fakeStore() {
  const statements: string[][] = [];
  let release: (() => void) | undefined;
  let isHeld = false;
  return {
    statements,
    hold() {
      isHeld = true;
    },
    releaseFirst() {
      isHeld = false;
      release?.();
    },
    async insertMessages(rows: (NewMessage & { id: string })[]) {
      if (rows.some((r) => r.receiverId === 'missing')) throw Object.assign(new Error('fk'), { code: '23503' });
      statements.push(rows.map((r) => r.text));
      if (isHeld) await new Promise<void>((resolve) => (release = resolve));
    },
  };
}

describe('message writer', () => {
  it('writes a lone message at once and groups those that queue behind an insert in flight', async () => {
    const store = fakeStore();
    const writer = createMessageWriter(store);
    store.hold();
    const first = writer.write(message('a'));
    const rest = [writer.write(message('b')), writer.write(message('c'))];
    store.releaseFirst();
    const written = await Promise.all([first, ...rest]);
    expect(store.statements).toEqual([['a'], ['b', 'c']]);
    expect(written.map((m) => m.text)).toEqual(['a', 'b', 'c']);
    expect(new Set(written.map((m) => m.id)).size).toBe(3);
  });

  it('retries a failed batch one by one so only the bad message fails', async () => {
    const store = fakeStore();
    const writer = createMessageWriter(store);
    store.hold();
    const first = writer.write(message('a'));
    const good = writer.write(message('b'));
    const bad = writer.write(message('c', 'missing'));
    store.releaseFirst();
    await first;
    expect((await good).text).toBe('b');
    await expect(bad).rejects.toMatchObject({ code: '23503' });
    expect(store.statements).toEqual([['a'], ['b']]);
  });
});
