import { useLingui } from '@lingui/react/macro';
import '../i18n/more-messages';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../lib/api-client';
import { chatWithPath, offerChatDraft } from '../lib/chat-draft';
import { cn } from '../lib/cn';
import { useToast } from './ui/toast';

export interface ChatPartner {
  userId: string;
  username: string;
}

export interface MessageButtonProps {
  /** Finds the person to write to (asked when pressed: a rental names its vehicle, a booking its renter). */
  resolve: () => Promise<ChatPartner>;
  /** What the draft is about (a rental, a booking): offered once per subject on this device. */
  subject: string;
  /** The draft put in the message input the first time. */
  draft: (partner: ChatPartner) => string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

/** Opens the chat with the person a row is about (signed-in screens), with a first-time draft. */
export function MessageButton({ resolve, subject, draft, className, children, ...rest }: MessageButtonProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const toast = useToast();
  const [isBusy, setBusy] = useState(false);

  async function open() {
    setBusy(true);
    try {
      const partner = await resolve();
      offerChatDraft(partner.userId, subject, draft(partner));
      await navigate(chatWithPath(partner.userId, partner.username));
    } catch (error) {
      toast.error(errorMessage(error, t`The chat could not be opened. Please try again.`));
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void open()}
      disabled={isBusy}
      aria-busy={isBusy || undefined}
      aria-label={rest['aria-label']}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-control text-sm font-medium text-accent-700 hover:text-accent-800 hover:underline',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:opacity-60',
        className,
      )}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      >
        <path d="M4 5h16v11H9l-5 4z" />
      </svg>
      {children}
    </button>
  );
}
