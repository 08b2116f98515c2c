import { getImageProps } from 'next/image';
import { preload } from 'react-dom';

type Props = {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  className?: string;
  eager?: boolean;
};

/**
 * next/image's optimisation (resized WebP/AVIF variants, srcset, intrinsic
 * size so nothing shifts) as a plain server-rendered <img>: no client JS.
 * `eager` is for the picture that is the page's largest paint: loaded first,
 * with a preload hint, and decoded with the frame that first shows it (an
 * async decode can leave it out of that frame and paint it one later).
 */
export function Picture({ src, alt, width, height, sizes, className, eager = false }: Props) {
  const { props } = getImageProps({
    src,
    alt,
    width,
    height,
    sizes,
    className,
    loading: eager ? 'eager' : 'lazy',
    fetchPriority: eager ? 'high' : undefined,
    decoding: eager ? 'auto' : 'async',
  });
  if (eager && props.srcSet)
    preload(props.src, { as: 'image', imageSrcSet: props.srcSet, imageSizes: props.sizes, fetchPriority: 'high' });
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- the props come from next/image (alt included)
  return <img {...props} />;
}
