import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ChatMessage, ChatUser, PresenceChange, RecentChat } from '@rentdrive/contracts/chat';
import { PageHeading } from '../../../components/ui/page-heading';
import { forgetChatDraft, peekChatDraft } from '../../../lib/chat-draft';
import { cn } from '../../../lib/cn';
import { chatHistoryQueryOptions, useChatHistory } from '../api/get-chat-history';
import { recentChatsQueryOptions, RECENT_CHATS_QUERY_KEY, useRecentChats } from '../api/get-recent-chats';
import { unreadCountQueryKey } from '../api/get-unread-count';
import { useChatConnection } from '../hooks/use-chat-connection';
import { useMarkConversationRead } from '../hooks/use-mark-conversation-read';
import { mergeRecentChats, raise } from '../lib/recent-chats';
import { ConnectionBanner } from './connection-banner';
import { Conversation } from './conversation';
import { RecentChatList } from './recent-chat-list';
import { UserSearch } from './user-search';

/** Messages by id, in order: history first, then what arrived live (a message is never shown twice). */
function mergeMessages(history: ChatMessage[], live: ChatMessage[]): ChatMessage[] {
  const seen = new Set<string>();
  return [...history, ...live].filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
}

/** The chat screen for the signed-in user `me`: sidebar (search, recent chats) and the open conversation. */
export function ChatScreen({ me }: { me: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const recent = useRecentChats();
  const [raised, setRaised] = useState<ChatUser[]>([]);
  const [selected, setSelected] = useState<ChatUser | null>(null);
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [presence, setPresence] = useState<Record<string, boolean>>({});
  const [watchRound, setWatchRound] = useState(0);
  const history = useChatHistory(selected?.userId ?? null);

  const users = useMemo(() => mergeRecentChats(recent.data ?? [], raised), [recent.data, raised]);

  // '/chat?user=<id>' (a message notification's link) opens that conversation once the list knows them.
  const [searchParams] = useSearchParams();
  const wantedUserId = searchParams.get('user');
  // '&name=' too ('Message owner'): someone not in the recent chats yet, whose first conversation opens.
  const wantedName = searchParams.get('name');
  // 'Message owner' may leave a draft for that person's message input (lib/chat-draft.ts).
  const [linkDraft] = useState(() => (wantedUserId ? peekChatDraft(wantedUserId) : undefined));
  useEffect(() => forgetChatDraft(), []);
  const [openedFromLink, setOpenedFromLink] = useState<string | null>(null);
  if (wantedUserId && openedFromLink !== wantedUserId && recent.data) {
    const known = recent.data.find((u) => u.userId === wantedUserId);
    const wanted = known ?? (wantedName && wantedUserId !== me ? { userId: wantedUserId, username: wantedName, online: false } : undefined);
    if (wanted) {
      // Adjusted during render (not in an effect), so the first screen drawn already shows it.
      setOpenedFromLink(wantedUserId);
      setSelected(wanted);
      setLive([]);
      if (!known) setRaised((r) => raise(r, wanted));
    }
  }
  const isOnline = useCallback((user: ChatUser) => presence[user.userId] ?? user.online, [presence]);

  const raiseUser = useCallback(
    async (userId: string) => {
      const known = users.find((u) => u.userId === userId) ?? (selected?.userId === userId ? selected : undefined);
      if (known) return setRaised((r) => raise(r, known));
      // Someone new wrote: the stored message puts them in the server's list.
      const fresh = await queryClient.fetchQuery({ ...recentChatsQueryOptions, staleTime: 0 });
      const found = fresh.find((u) => u.userId === userId);
      if (found) setRaised((r) => raise(r, found));
    },
    [users, selected, queryClient],
  );

  // Whether this connection's server side holds a watch list: an empty list is sent only to clear one
  // (not while the lists are still loading).
  const watching = useRef(false);
  const connection = useChatConnection({
    onMessage: (message) => {
      const otherId = message.senderId === me ? message.receiverId : message.senderId;
      if (selected?.userId === otherId) {
        setLive((l) => [...l, message]);
      } else if (message.senderId !== me) {
        // Not the open conversation: raise the sender with one more unread (the server's next
        // answer for the list counts it too and replaces this).
        queryClient.setQueryData<RecentChat[]>(RECENT_CHATS_QUERY_KEY, (list) =>
          list?.map((u) => (u.userId === otherId ? { ...u, unreadCount: u.unreadCount + 1 } : u)),
        );
      }
      // The header's badge: up now; down again once the open conversation is marked read.
      if (message.senderId !== me) void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey(me) });
      void raiseUser(otherId);
    },
    onPresence: (change: PresenceChange) => setPresence((p) => ({ ...p, [change.userId]: change.online })),
    onReconnected: () => {
      // Anything missed while away: fresh lists and the open conversation; the server forgot the watch list.
      void queryClient.invalidateQueries({ queryKey: RECENT_CHATS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey(me) });
      if (selected) void queryClient.invalidateQueries({ queryKey: chatHistoryQueryOptions(selected.userId).queryKey });
      watching.current = false;
      setWatchRound((n) => n + 1);
    },
  });

  // Follow the presence of everyone shown; sent once connected, and again when the list changes or after reconnecting.
  const watchedKey = [...new Set([...users.map((u) => u.userId), selected?.userId ?? ''])].filter(Boolean).sort().join(',');
  const { watchPresence, status } = connection;
  useEffect(() => {
    if (status !== 'connected') return;
    const ids = watchedKey === '' ? [] : watchedKey.split(',');
    if (ids.length === 0 && !watching.current) return;
    watching.current = ids.length > 0;
    watchPresence(ids)
      .then((states) => setPresence((p) => ({ ...p, ...Object.fromEntries(states.map((s) => [s.userId, s.online])) })))
      .catch((error: unknown) => console.error('Chat presence failed', error));
  }, [watchedKey, status, watchPresence, watchRound]);

  // Each choice made with the keyboard asks the conversation to focus its message input (a number, so
  // choosing the open conversation again asks again); a pointer choice leaves focus (and a phone's
  // on-screen keyboard) alone.
  const [composerFocusRequest, setComposerFocusRequest] = useState(0);
  function select(user: ChatUser, byKeyboard = false) {
    // Selecting a user clears the message list and loads the history.
    setSelected(user);
    setLive([]);
    setComposerFocusRequest((n) => (byKeyboard ? n + 1 : 0));
  }

  function pickFromSearch(user: ChatUser) {
    setRaised((r) => raise(r, user));
    select(user);
  }

  async function send(text: string) {
    if (!selected) return;
    const message = await connection.sendMessage(selected.userId, text);
    // The sending connection gets no echo: the message is appended here once accepted, in the
    // conversation's send action (a transition), so it replaces the 'Sending...' bubble in one render.
    startTransition(() => {
      setLive((l) => [...l, message]);
      setRaised((r) => raise(r, selected));
    });
  }

  const messages = useMemo(() => mergeMessages(history.data ?? [], live), [history.data, live]);
  // Reading: the newest message shown from the partner, once the history is in.
  const lastIncomingId = history.isSuccess ? (messages.findLast((m) => m.senderId === selected?.userId)?.id ?? null) : null;
  useMarkConversationRead(me, selected?.userId ?? null, lastIncomingId);

  // Each conversation's unread mark comes from the server's list; the open one has none.
  const unread = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const u of recent.data ?? []) if (u.unreadCount > 0 && u.userId !== selected?.userId) counts[u.userId] = u.unreadCount;
    return counts;
  }, [recent.data, selected]);
  const canSend = status === 'connected';

  return (
    <main>
      <PageHeading
        subtitle={t`Chat Dashboard`}
        title={t`Your Messages`}
        size="compact"
        className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 md:pt-10"
      />
      <div className="mx-auto max-w-7xl px-4 pb-10 sm:px-6">
        <ConnectionBanner status={status} onReconnect={connection.reconnect} />
        <div className="grid h-[calc(100dvh-14rem)] min-h-[28rem] overflow-hidden rounded-card border border-slate-200 bg-white shadow-sm grid-cols-1 md:grid-cols-[20rem_minmax(0,1fr)]">
          <aside
            aria-label={t`Chats`}
            className={cn('min-h-0 min-w-0 flex-col border-slate-200 md:flex md:border-r', selected ? 'hidden' : 'flex')}
          >
            <div className="border-b border-slate-200 p-3">
              <UserSearch onPick={pickFromSearch} />
            </div>
            <h2 className="px-3 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-600">
              <Trans>Recent chats</Trans>
            </h2>
            <div className="min-h-0 flex-1 overflow-y-auto">
              <RecentChatList
                users={users}
                isLoading={recent.isPending}
                isError={recent.isError}
                onRetry={() => void recent.refetch()}
                selectedUserId={selected?.userId ?? null}
                unread={unread}
                isOnline={isOnline}
                onSelect={select}
              />
            </div>
          </aside>
          <div className={cn('min-h-0 min-w-0', selected ? 'flex flex-col' : 'hidden md:flex md:flex-col')}>
            {selected ? (
              <Conversation
                key={selected.userId}
                me={me}
                partner={selected}
                isOnline={isOnline(selected)}
                messages={messages}
                isLoading={history.isPending}
                isError={history.isError}
                onRetry={() => void history.refetch()}
                canSend={canSend}
                onSend={send}
                initialText={selected.userId === openedFromLink ? linkDraft : undefined}
                focusRequest={composerFocusRequest}
                onBack={() => setSelected(null)}
              />
            ) : (
              <div className="flex flex-1 items-center justify-center p-6 text-center text-slate-600">
                <Trans>Select a user to start chatting</Trans>
              </div>
            )}
          </div>
        </div>
      </div>
    </main>
  );
}
