import { afterEach, describe, expect, it } from 'vitest';
import { offerChatDraft, peekChatDraft, forgetChatDraft, chatWithPath } from './chat-draft';
import { forgetViewed, recentlyViewedIds, recordViewed, RECENTLY_VIEWED_MAX } from './recently-viewed';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('recently viewed', () => {
  it('keeps the newest first, each vehicle once, at most eight', () => {
    for (let n = 1; n <= 10; n++) recordViewed(id(n));
    recordViewed(id(5));
    const ids = recentlyViewedIds();
    expect(ids).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(ids.slice(0, 3)).toEqual([id(5), id(10), id(9)]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ignores what is not an id and forgets removed vehicles', () => {
    localStorage.setItem('rentdrive.recentlyViewed', JSON.stringify(['junk', id(1), 7, id(2)]));
    expect(recentlyViewedIds()).toEqual([id(1), id(2)]);
    forgetViewed([id(2)]);
    expect(recentlyViewedIds()).toEqual([id(2)]);
    localStorage.setItem('rentdrive.recentlyViewed', '{not json');
    expect(recentlyViewedIds()).toEqual([]);
  });
});

describe('chat drafts', () => {
  it('offers a draft once per subject, for that person only', () => {
    offerChatDraft(id(1), 'vehicle:a', 'Hello Bob');
    expect(peekChatDraft(id(2))).toBeUndefined();
    expect(peekChatDraft(id(1))).toBe('Hello Bob');
    forgetChatDraft();
    offerChatDraft(id(1), 'vehicle:a', 'Hello again');
    expect(peekChatDraft(id(1))).toBeUndefined();
    offerChatDraft(id(1), 'vehicle:b', 'About the other one');
    expect(peekChatDraft(id(1))).toBe('About the other one');
  });

  it('opens the chat with a person by id and name', () => {
    expect(chatWithPath(id(1), 'bob smith')).toBe(`/chat?user=${id(1)}&name=bob+smith`);
  });
});
