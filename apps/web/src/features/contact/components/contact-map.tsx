import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useEffect, useState } from 'react';
import { OFFICE, osmEmbedUrl, osmLinkUrl, probeMapService } from './office-location';

/** How long the map may take before the address is shown instead (offline, the frame's load may never come). */
export const MAP_TIMEOUT_MS = 10_000;

type MapState = 'loading' | 'shown' | 'failed';

interface ContactMapProps {
  /** Resolves when the map service answers, rejects when it can't be reached (replaceable in tests). */
  probe?: () => Promise<void>;
}

/**
 * The office map: an OpenStreetMap embed in a fixed-size frame. A frame that fails shows the
 * browser's broken-page icon and reports nothing to the page, so the map service is probed on the
 * side (an image of it) and the frame must load within a time limit; when either fails, the frame
 * gives way to the address and a link to the map.
 */
export function ContactMap({ probe = probeMapService }: ContactMapProps) {
  const { t } = useLingui();
  const [isFrameLoaded, setFrameLoaded] = useState(false);
  const [probeResult, setProbeResult] = useState<'pending' | 'reachable' | 'unreachable'>('pending');
  const [isTimedOut, setTimedOut] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    probe().then(
      () => isCurrent && setProbeResult('reachable'),
      () => isCurrent && setProbeResult('unreachable'),
    );
    const timer = window.setTimeout(() => isCurrent && setTimedOut(true), MAP_TIMEOUT_MS);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [probe]);

  // A map that showed stays; the time limit only ends the wait for one that has not.
  const isShown = isFrameLoaded && probeResult === 'reachable';
  const state: MapState = isShown ? 'shown' : probeResult === 'unreachable' || isTimedOut ? 'failed' : 'loading';

  const link = (
    <a
      href={osmLinkUrl(OFFICE.lat, OFFICE.lon)}
      target="_blank"
      rel="noreferrer"
      className="shrink-0 font-medium text-accent-800 underline-offset-2 hover:underline"
    >
      <Trans>Open in OpenStreetMap</Trans>
    </a>
  );

  if (state === 'failed') {
    return (
      <figure className="overflow-hidden rounded-card border border-slate-200 bg-white shadow-sm" data-map-state="failed">
        <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-3 bg-slate-50 px-6 text-center sm:aspect-[16/10]">
          <PinIcon />
          <p className="text-sm text-slate-600">
            <Trans>The map can&apos;t be shown right now. Find us here:</Trans>
          </p>
          <address className="text-base font-medium text-slate-900 not-italic">
            {OFFICE.addressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          {link}
        </div>
      </figure>
    );
  }

  return (
    <figure className="overflow-hidden rounded-card border border-slate-200 bg-white shadow-sm" data-map-state={state}>
      <div className="relative aspect-[4/3] w-full bg-slate-100 sm:aspect-[16/10]">
        <div aria-hidden="true" className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-slate-500">
          <PinIcon />
          <span className="text-sm">
            <Trans>Map loading…</Trans>
          </span>
        </div>
        <iframe
          title={t`Map of our office location`}
          src={osmEmbedUrl(OFFICE.lat, OFFICE.lon)}
          // Kept invisible until it is known to work: a failed frame would show the broken-page icon.
          className={`absolute inset-0 size-full border-0 ${state === 'shown' ? '' : 'opacity-0'}`}
          loading="lazy"
          referrerPolicy="no-referrer"
          sandbox="allow-scripts allow-same-origin allow-popups"
          onLoad={() => setFrameLoaded(true)}
        />
      </div>
      <figcaption className="flex flex-col gap-1 border-t border-slate-200 px-4 py-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
        <address className="not-italic">{OFFICE.addressLines.join(' · ')}</address>
        {link}
      </figcaption>
    </figure>
  );
}

function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-10 text-accent-700" fill="currentColor" aria-hidden="true">
      <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
    </svg>
  );
}
