/**
 * Image URLs travel relative to the host that serves the app ('images/vehicles/x.webp'), so they get
 * a leading '/'; absolute and root-relative URLs, and the blob: and data: URLs of files just picked
 * for upload, are used as they are.
 */
export function imageSrc(url: string): string {
  return /^(https?:|blob:|data:|\/)/.test(url) ? url : `/${url}`;
}
