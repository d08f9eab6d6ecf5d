/** Image URLs travel relative to the API host (API.md); the app is served by that host. */
export function imageSrc(relativeUrl: string): string {
  if (/^(https?:|blob:|data:|\/)/.test(relativeUrl)) return relativeUrl;
  return `/${relativeUrl}`;
}
