import { useLingui } from '@lingui/react/macro';
import '../i18n/more-messages';
import { useEffect, useState } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import { buttonClasses } from './ui/button';
import { useToast } from './ui/toast';

/**
 * Share: the system share sheet where the browser has one (phones mostly), else 'Copy link' with a
 * confirmation. Decided after mount: the server's markup cannot know the browser.
 */
export function ShareButton({ title }: { title: string }) {
  const { t } = useLingui();
  const toast = useToast();
  // After hydration only: the server's markup cannot know the browser.
  const canShare = useHydrated() && typeof navigator.share === 'function';
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 4000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function share() {
    const url = window.location.href;
    if (canShare) {
      try {
        await navigator.share({ title, url });
      } catch (error) {
        // Closing the sheet is no failure.
        if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(t`The link could not be shared.`);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(t`Link copied. Paste it anywhere to share this vehicle.`);
    } catch {
      toast.error(t`The link could not be copied. Copy it from the address bar instead.`);
    }
  }

  return (
    <button type="button" onClick={() => void share()} className={buttonClasses('secondary', 'md')}>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      >
        {canShare ? (
          <path d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
        ) : (
          <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
        )}
      </svg>
      <span aria-live="polite">{canShare ? t`Share` : copied ? t`Link copied` : t`Copy link`}</span>
    </button>
  );
}
