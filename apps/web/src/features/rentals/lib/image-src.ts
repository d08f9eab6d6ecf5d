/** Image URLs travel relative ('images/vehicles/x.webp'); the app is served from the API host. */
export function imageSrc(url: string | null | undefined): string | null {
  if (!url) return null;
  return /^(https?:)?\/\//.test(url) || url.startsWith('/') ? url : `/${url}`;
}
