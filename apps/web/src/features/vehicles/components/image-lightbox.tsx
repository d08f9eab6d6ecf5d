import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type KeyboardEvent } from 'react';
import { captureFocusReturn, returnFocus, type FocusReturn } from '../../../components/ui/focus-return';
import { imageSrc } from '../../../lib/image-src';

interface ImageLightboxProps {
  images: string[];
  index: number;
  alt: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onStep: (delta: number) => void;
}

/**
 * Full-screen view of one gallery image: Escape closes, arrow keys move, focus stays inside (Radix)
 * and, on close, goes back to the image that opened it (the dialog has no Radix trigger to return to).
 */
export function ImageLightbox({ images, index, alt, isOpen, onOpenChange, onStep }: ImageLightboxProps) {
  const { t } = useLingui();
  const count = images.length;
  const current = images[index];
  const focusReturn = useRef<FocusReturn | null>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      onStep(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      onStep(-1);
    }
  }

  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950" />
        <Dialog.Content
          onKeyDown={handleKeyDown}
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            focusReturn.current = captureFocusReturn();
          }}
          onCloseAutoFocus={(event) => {
            if (!focusReturn.current) return;
            event.preventDefault();
            returnFocus(focusReturn.current);
            focusReturn.current = null;
          }}
          className="fixed inset-0 z-50 flex flex-col focus:outline-none"
        >
          <div className="flex items-center justify-between gap-4 px-4 py-3 text-white">
            <Dialog.Title className="text-sm font-medium tabular-nums">
              <Trans>
                {alt} — image {index + 1} of {count}
              </Trans>
            </Dialog.Title>
            <Dialog.Close
              className="rounded-[var(--radius-control)] px-3 py-2 text-sm font-medium text-white ring-1 ring-white/40 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              aria-label={t`Close full-screen image`}
            >
              <Trans>Close ✕</Trans>
            </Dialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-16">
            {current && (
              <img src={imageSrc(current)} alt={t`${alt}, image ${index + 1} of ${count}`} className="size-full object-contain" />
            )}
            {count > 1 && (
              <>
                <LightboxArrow direction="previous" onClick={() => onStep(-1)} />
                <LightboxArrow direction="next" onClick={() => onStep(1)} />
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LightboxArrow({ direction, onClick }: { direction: 'previous' | 'next'; onClick: () => void }) {
  const { t } = useLingui();
  const isNext = direction === 'next';
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={isNext ? t`Next image` : t`Previous image`}
      className={`absolute top-1/2 -translate-y-1/2 ${isNext ? 'right-2 sm:right-4' : 'left-2 sm:left-4'} grid size-12 place-items-center rounded-full bg-white/15 text-2xl text-white hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white`}
    >
      <span aria-hidden="true">{isNext ? '›' : '‹'}</span>
    </button>
  );
}
