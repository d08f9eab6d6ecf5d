import { OFFICE, osmEmbedUrl, osmLinkUrl } from './office-location';

/**
 * The office map: an OpenStreetMap embed in a fixed-size frame. Offline the frame can't load, so a
 * drawn placeholder sits behind it and the address is always printed beneath: the page keeps its shape.
 */
export function ContactMap() {
  return (
    <figure className="overflow-hidden rounded-card border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[4/3] w-full bg-slate-100 sm:aspect-[16/10]">
        <div aria-hidden="true" className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-slate-500">
          <svg viewBox="0 0 24 24" className="size-10 text-accent-700" fill="currentColor">
            <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
          </svg>
          <span className="text-sm">Map loading…</span>
        </div>
        <iframe
          title="Map of our office location"
          src={osmEmbedUrl(OFFICE.lat, OFFICE.lon)}
          className="absolute inset-0 size-full border-0"
          loading="lazy"
          referrerPolicy="no-referrer"
          sandbox="allow-scripts allow-same-origin allow-popups"
        />
      </div>
      <figcaption className="flex flex-col gap-1 border-t border-slate-200 px-4 py-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
        <address className="not-italic">{OFFICE.addressLines.join(' · ')}</address>
        <a
          href={osmLinkUrl(OFFICE.lat, OFFICE.lon)}
          target="_blank"
          rel="noreferrer"
          className="shrink-0 font-medium text-accent-700 underline-offset-2 hover:underline"
        >
          Open in OpenStreetMap
        </a>
      </figcaption>
    </figure>
  );
}
