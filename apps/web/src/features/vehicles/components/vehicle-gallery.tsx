import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/vehicle-messages';
import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { imageSrc } from '../../../lib/image-src';
import { mainImageSources } from '../lib/main-image';
import { wrapIndex } from './wrap-index';

// The full-screen view (a dialog) is wanted by few visitors: it loads when first asked for, and
// starts loading when the pointer or focus reaches the photo.
const loadLightbox = () => import('./image-lightbox');
const ImageLightbox = lazy(async () => ({ default: (await loadLightbox()).ImageLightbox }));

interface VehicleGalleryProps {
  /** Large images, relative URLs. */
  images: string[];
  /** The same images as 480x360 thumbnails, same order; the large ones are used when absent. */
  thumbnails?: string[];
  /** Make and model, for alternative texts. */
  alt: string;
  /**
   * The vehicle is still loading: `images` holds the photo its card showed (a thumbnail the browser
   * has already), shown in the main photo's place without controls. When the vehicle is in, the same
   * <img> takes the large photo: the browser keeps the thumbnail on screen until that one is in.
   */
  isPending?: boolean;
}

/** Photos first (DESIGN.md): a 4:3 main image with wrapping previous/next, thumbnails and a full-screen view. */
export function VehicleGallery({ images, thumbnails, alt, isPending = false }: VehicleGalleryProps) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const [isLightboxOpen, setIsLightboxOpen] = useState(false);
  const [wantsLightbox, setWantsLightbox] = useState(false);
  const count = images.length;
  const safeIndex = Math.min(index, Math.max(count - 1, 0));
  const current = images[safeIndex];
  const thumbOf = (i: number) => thumbnails?.[i] ?? images[i]!;
  const currentThumb = thumbnails?.[safeIndex];
  const prefetchLightbox = () => void loadLightbox();

  const step = (delta: number) => setIndex((i) => wrapIndex(i, delta, count));

  if (count === 0 && !isPending) {
    return (
      <div className="grid aspect-[4/3] place-items-center rounded-[var(--radius-card)] bg-slate-100 text-slate-600">
        <Trans>No images for this vehicle.</Trans>
      </div>
    );
  }

  return (
    <section aria-label={t`Photos`} className="flex flex-col gap-3">
      <div className="relative aspect-[4/3] overflow-hidden rounded-[var(--radius-card)] bg-slate-100">
        <button
          type="button"
          disabled={isPending}
          onClick={() => {
            setWantsLightbox(true);
            setIsLightboxOpen(true);
          }}
          onPointerEnter={prefetchLightbox}
          onFocus={prefetchLightbox}
          className="block size-full cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-accent-600"
          aria-label={isPending ? t`Loading vehicle...` : t`Open image ${safeIndex + 1} of ${count} full screen`}
        >
          {current && isPending ? (
            <img src={imageSrc(current)} width={1600} height={1200} alt="" className="size-full object-cover" />
          ) : current ? (
            // The page's largest paint: fetched first, at the width it is shown (the thumbnail on small phones).
            <img
              {...mainImageSources(current, currentThumb)}
              width={1600}
              height={1200}
              fetchPriority={safeIndex === 0 ? 'high' : undefined}
              alt={t`${alt}, image ${safeIndex + 1} of ${count}`}
              className="size-full object-cover"
            />
          ) : null}
        </button>
        {count > 1 && !isPending && (
          <>
            <GalleryArrow direction="previous" onClick={() => step(-1)} />
            <GalleryArrow direction="next" onClick={() => step(1)} />
          </>
        )}
        {!isPending && (
          <p
            className="pointer-events-none absolute right-3 bottom-3 rounded-full bg-slate-900/70 px-2.5 py-1 text-xs font-medium text-white tabular-nums"
            aria-live="polite"
          >
            {`${safeIndex + 1} / ${count}`}
          </p>
        )}
      </div>
      {isPending && count > 0 && (
        // Where the thumbnails go: most vehicles have several photos, and the price below the
        // gallery (on a phone) then stays where it is when they come.
        <div aria-hidden="true" className="flex gap-2">
          <Skeleton className="h-16 w-20 sm:h-[72px] sm:w-24" />
          <Skeleton className="h-16 w-20 sm:h-[72px] sm:w-24" />
        </div>
      )}
      {count > 1 && !isPending && (
        <ul className="-m-1 flex gap-2 overflow-x-auto p-1" aria-label={t`Thumbnails`}>
          {images.map((url, i) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t`Show image ${i + 1}`}
                aria-current={i === safeIndex ? 'true' : undefined}
                className={`block h-16 w-20 overflow-hidden rounded-[var(--radius-control)] ring-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 sm:h-[72px] sm:w-24 ${i === safeIndex ? 'ring-accent-600' : 'ring-transparent opacity-80 hover:opacity-100'}`}
              >
                <img
                  src={imageSrc(thumbOf(i))}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  width={96}
                  height={72}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {wantsLightbox && (
        <Suspense fallback={null}>
          <ImageLightbox
            images={images}
            index={safeIndex}
            alt={alt}
            isOpen={isLightboxOpen}
            onOpenChange={setIsLightboxOpen}
            onStep={step}
          />
        </Suspense>
      )}
    </section>
  );
}

function GalleryArrow({ direction, onClick }: { direction: 'previous' | 'next'; onClick: () => void }) {
  const { t } = useLingui();
  const isNext = direction === 'next';
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={isNext ? t`Next image` : t`Previous image`}
      className={`absolute top-1/2 -translate-y-1/2 ${isNext ? 'right-3' : 'left-3'} grid size-10 place-items-center rounded-full bg-white/90 text-2xl text-slate-900 shadow-md hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600`}
    >
      <span aria-hidden="true">{isNext ? '›' : '‹'}</span>
    </button>
  );
}
