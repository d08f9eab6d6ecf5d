import { imageSrc } from '../../../lib/image-src';

/** Width of the large image and of the thumbnail the server makes (ImageKind variants). */
const LARGE_WIDTH_PX = 1600;
const THUMB_WIDTH_PX = 480;
/** How wide the main photo is shown: the page's left column beside the 360 px booking panel, else the screen. */
const MAIN_SIZES = '(min-width: 1280px) 800px, (min-width: 1024px) calc(100vw - 424px), 100vw';

export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * Where the browser picks the vehicle page's main photo from: the thumbnail on small phones, the
 * large image elsewhere. The gallery's <img> and the page's <link rel="preload"> use the same
 * answer, so the browser reuses the preloaded file.
 */
export function mainImageSources(image: string, thumbnail: string | undefined): ImageSources {
  if (!thumbnail) return { src: imageSrc(image) };
  return {
    src: imageSrc(image),
    srcSet: `${imageSrc(thumbnail)} ${THUMB_WIDTH_PX}w, ${imageSrc(image)} ${LARGE_WIDTH_PX}w`,
    sizes: MAIN_SIZES,
  };
}
