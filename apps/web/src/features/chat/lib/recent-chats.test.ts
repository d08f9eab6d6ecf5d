import { describe, expect, it } from 'vitest';
import { initialOf, mergeRecentChats, raise } from './recent-chats';

const user = (userId: string, online = false) => ({ userId, username: `name-${userId}`, online });

describe('recent chats list', () => {
  it('puts raised users first, newest raise on top, without duplicates', () => {
    const server = [user('a'), user('b'), user('c')];
    let raised = raise([], user('c'));
    raised = raise(raised, user('x'));
    expect(mergeRecentChats(server, raised).map((u) => u.userId)).toEqual(['x', 'c', 'a', 'b']);
    raised = raise(raised, user('c'));
    expect(mergeRecentChats(server, raised).map((u) => u.userId)).toEqual(['c', 'x', 'a', 'b']);
  });

  it('makes an avatar initial', () => {
    expect(initialOf('alice')).toBe('A');
    expect(initialOf('  ')).toBe('?');
  });
});
