import { WebPaths } from '@rentdrive/contracts/web-paths';

/**
 * 'Message owner' (a vehicle, a rental, a booking) opens the chat with that person and, the first
 * time for that subject on this device, leaves a draft naming the vehicle and dates in the message
 * input (never sent by itself). The draft waits in this tab's storage until the chat takes it.
 */
const DRAFT_KEY = 'rentdrive.chatDraft';
const OFFERED_KEY = 'rentdrive.chatDraftsOffered';
const OFFERED_MAX = 100;

/** The chat with one person: `/chat?user=<id>&name=<username>` (the name opens a first conversation). */
export function chatWithPath(userId: string, username: string): string {
  return `${WebPaths.chat}?${new URLSearchParams({ user: userId, name: username }).toString()}`;
}

function offered(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(OFFERED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/** Leaves `text` for the chat with `userId`, unless a draft on `subject` was offered before. */
export function offerChatDraft(userId: string, subject: string, text: string): void {
  try {
    const before = offered();
    if (before.includes(subject)) return;
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ userId, text }));
    localStorage.setItem(OFFERED_KEY, JSON.stringify([subject, ...before].slice(0, OFFERED_MAX)));
  } catch {
    // Storage refused: the chat opens with an empty input.
  }
}

/** The draft waiting for the chat with `userId`, if any (left in place: see forgetChatDraft). */
export function peekChatDraft(userId: string): string | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as { userId?: unknown; text?: unknown } | null;
    return value && value.userId === userId && typeof value.text === 'string' ? value.text : undefined;
  } catch {
    return undefined;
  }
}

export function forgetChatDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to forget.
  }
}
