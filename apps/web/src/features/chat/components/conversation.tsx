import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Fragment, useEffect, useId, useOptimistic, useRef, useState, useTransition, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX_CHARS, type ChatMessage, type ChatUser } from '@rentdrive/contracts/chat';
import { ReportButton } from '../../../components/report-button';
import { Button } from '../../../components/ui/button';
import { LoadingText } from '../../../components/ui/loading-text';
import { intlTag } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import { dayLabel, startsNewDay } from '../lib/day-separators';
import { formatMessageTime } from '../lib/recent-chats';
import { Avatar } from './avatar';

export interface ConversationProps {
  me: string;
  partner: ChatUser;
  isOnline: boolean;
  messages: ChatMessage[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  canSend: boolean;
  /**
   * Resolves once the hub accepted the message (and it is in `messages`, set in a transition);
   * rejects with a readable error.
   */
  onSend: (text: string) => Promise<void>;
  onBack: () => void;
  /** What the message input starts with (a draft 'Message owner' left); empty by default. */
  initialText?: string;
  /** Above 0: focus the message input (again each time it grows). */
  focusRequest?: number;
}

/** A message of mine not (yet) accepted by the hub: shown at once, 'Sending...', or not sent with the reason. */
interface Outgoing {
  key: string;
  text: string;
  timeSent: string;
  /** Why it was not sent; none while it is on its way. */
  error?: string;
}

/** 'Chat with {username}', its presence, the bubbles (own right, other left) and the composer. */
export function Conversation({
  me,
  partner,
  isOnline,
  messages,
  isLoading,
  isError,
  onRetry,
  canSend,
  onSend,
  onBack,
  focusRequest = 0,
  initialText = '',
}: ConversationProps) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState(initialText);
  // A sent message shows at once as 'Sending...' (useOptimistic, for as long as its send action
  // runs); accepted, it is one of `messages` in the same render; refused, it stays as not sent
  // with the reason and 'Send again'. The component is keyed by the partner: a conversation's
  // unsent messages leave with it.
  const [failed, setFailed] = useState<Outgoing[]>([]);
  const [outgoing, addOutgoing] = useOptimistic(failed, (list: Outgoing[], next: Outgoing) => [
    ...list.filter((m) => m.key !== next.key),
    next,
  ]);
  const [, startSending] = useTransition();
  const nextKey = useRef(1);
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  useEffect(() => {
    if (focusRequest > 0) inputRef.current?.focus();
  }, [focusRequest]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, outgoing.length, partner.userId]);

  function send(message: Outgoing) {
    startSending(async () => {
      setFailed((list) => list.filter((m) => m.key !== message.key));
      addOutgoing({ key: message.key, text: message.text, timeSent: message.timeSent });
      try {
        await onSend(message.text);
      } catch (error) {
        // A failed send is logged, and the person sees which message did not go and why.
        console.error('Chat send failed', error);
        const reason = error instanceof Error && error.message ? error.message : t`The message could not be sent.`;
        startSending(() => setFailed((list) => [...list, { ...message, error: reason }]));
      }
    });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    // Empty after trimming, or no connection: not sent.
    if (trimmed === '' || !canSend) return;
    setText('');
    send({ key: `outgoing-${nextKey.current++}`, text: trimmed, timeSent: new Date().toISOString() });
    inputRef.current?.focus();
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        <Button variant="ghost" size="sm" className="md:hidden" onClick={onBack} aria-label={t`Back to chats`}>
          ←
        </Button>
        <Avatar username={partner.username} online={isOnline} />
        <div className="min-w-0 flex-1">
          <h2 id={`${inputId}-title`} className="truncate text-base font-semibold text-slate-900">
            <Trans>Chat with {partner.username}</Trans>
          </h2>
          <p className={cn('text-xs', isOnline ? 'text-money-in' : 'text-slate-600')} data-testid="partner-presence">
            {isOnline ? t`Online` : t`Offline`}
          </p>
        </div>
        <ReportButton look="link" targetType="user" targetId={partner.userId} />
      </header>

      <div className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-4 py-4">
        {isLoading ? (
          <LoadingText text={t`Loading messages...`} />
        ) : isError ? (
          <div role="alert" className="flex flex-col items-center gap-2 py-8 text-sm text-danger">
            <Trans>The conversation could not be loaded.</Trans>
            <Button variant="secondary" size="sm" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : messages.length === 0 && outgoing.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-600">
            <Trans>No messages yet. Say hello!</Trans>
          </p>
        ) : (
          <div role="log" aria-label={t`Messages with ${partner.username}`} aria-live="polite">
            <ol className="flex flex-col gap-2">
              {messages.map((message, index) => {
                const isOwn = message.senderId === me;
                const newDay = startsNewDay(messages[index - 1]?.timeSent, message.timeSent);
                return (
                  <Fragment key={message.id}>
                    {newDay && (
                      <li className="my-2 flex items-center gap-3 text-xs font-medium text-slate-600" data-day-separator>
                        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                        <span>
                          {dayLabel(message.timeSent, new Date(), { today: t`Today`, yesterday: t`Yesterday` }, intlTag(i18n.locale))}
                        </span>
                        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                      </li>
                    )}
                    <li className={cn('flex', isOwn ? 'justify-end' : 'justify-start')} data-own={isOwn}>
                      <div
                        className={cn(
                          'max-w-[80%] rounded-card px-3 py-2 text-sm shadow-sm sm:max-w-[65%]',
                          isOwn
                            ? 'rounded-br-sm bg-accent-700 text-white'
                            : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900',
                        )}
                      >
                        <span className="sr-only">{isOwn ? t`You` : partner.username}: </span>
                        <p className="whitespace-pre-wrap break-words">{message.text}</p>
                        <time
                          dateTime={message.timeSent}
                          className={cn('mt-1 block text-right text-xs', isOwn ? 'text-accent-50' : 'text-slate-600')}
                        >
                          {formatMessageTime(message.timeSent)}
                        </time>
                        {!isOwn && <ReportButton look="link" targetType="message" targetId={message.id} ownerId={message.senderId} />}
                      </div>
                    </li>
                  </Fragment>
                );
              })}
              {outgoing.map((message) => (
                <li key={message.key} className="flex justify-end" data-own="true" data-send-state={message.error ? 'failed' : 'sending'}>
                  <div
                    className={cn(
                      'max-w-[80%] rounded-card rounded-br-sm px-3 py-2 text-sm shadow-sm sm:max-w-[65%]',
                      message.error ? 'border border-danger bg-white text-slate-900' : 'bg-accent-700 text-white',
                    )}
                  >
                    <span className="sr-only">{t`You`}: </span>
                    <p className="whitespace-pre-wrap break-words">{message.text}</p>
                    {message.error ? (
                      <div className="mt-1 flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-xs">
                        <p role="alert" className="text-danger">
                          <Trans>Not sent.</Trans> {message.error}
                        </p>
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={!canSend}
                          onClick={() => {
                            send(message);
                            inputRef.current?.focus();
                          }}
                        >
                          <Trans>Send again</Trans>
                        </Button>
                      </div>
                    ) : (
                      <p className="mt-1 text-right text-xs text-accent-50">
                        <Trans>Sending...</Trans>
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ol>
          </div>
        )}
        <div ref={endRef} />
      </div>

      <form onSubmit={handleSubmit} className="border-t border-slate-200 bg-white p-3">
        <div className="flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            <Trans>Message to {partner.username}</Trans>
          </label>
          <input
            ref={inputRef}
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t`Type a message...`}
            maxLength={CHAT_MESSAGE_MAX_CHARS}
            autoComplete="off"
            className="block h-10 w-full min-w-0 rounded-control border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-accent-600 focus:outline-2 focus:outline-accent-600 sm:text-sm"
          />
          <Button type="submit" disabled={!canSend || text.trim() === ''}>
            <Trans>Send</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}
