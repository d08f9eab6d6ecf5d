import { PRODUCT_NAME } from '../../../lib/product';

/** Where the company's office is shown on the contact map (demo address). */
export const OFFICE = {
  lat: 52.3676,
  lon: 4.9041,
  addressLines: [`${PRODUCT_NAME} Co., Ltd.`, 'Herengracht 182', '1016 BR Amsterdam, Netherlands'],
  email: 'support@rentdrive.example',
} as const;

const SPAN_DEG = 0.01;

/** OpenStreetMap's embeddable map around the office, with a marker (the CSP allows this frame source). */
export function osmEmbedUrl(lat: number, lon: number): string {
  const bbox = [lon - SPAN_DEG, lat - SPAN_DEG / 2, lon + SPAN_DEG, lat + SPAN_DEG / 2].map((n) => n.toFixed(4)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${lat},${lon}`;
}

export function osmLinkUrl(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

/** One small tile of the map service (the CSP allows its images): loads when the service can be reached. */
const PROBE_IMAGE_URL = 'https://a.tile.openstreetmap.org/0/0/0.png';

/** Resolves when the map service answers, rejects when it cannot be reached (offline, blocked). */
export function probeMapService(): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The map service cannot be reached.'));
    image.referrerPolicy = 'no-referrer';
    image.src = PROBE_IMAGE_URL;
  });
}
