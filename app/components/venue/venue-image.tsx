import { useCallback, useState, type ImgHTMLAttributes } from "react";
import { cn } from "~/lib/cn";
import { DEFAULT_VENUE_IMAGE, imageAtWidth, imageSrcSet } from "~/lib/images";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  /** No photo: the default image. */
  src: string | null | undefined;
  width: number;
  /** How wide it shows, for the browser's choice of file; none for a thumbnail, whose one file
   *  (`width`, the narrowest we store) is sharp at three device pixels a CSS pixel. */
  sizes?: string;
  /** By default the 3:2 our venue photos are cut to. */
  height?: number;
  /** Fade in over 500 ms (CSS only): for a photo the visitor moved to, never the first one. */
  fade?: boolean;
};

/**
 * A venue photo: responsive `srcset` for our stored images, and the default image when it fails.
 * The first photo of a page shows as soon as its bytes arrive, with no script between them and
 * the paint (issue 9: a fade that waited for hydration held the largest paint back by seconds).
 * A server-rendered image may fail before hydration, so the ref also checks it.
 */
export function VenueImage({
  src,
  className,
  sizes,
  width,
  height = Math.round((width * 2) / 3),
  alt = "",
  fade,
  ...props
}: Props) {
  const [failed, setFailed] = useState(false);
  const actual = failed ? DEFAULT_VENUE_IMAGE : (src ?? DEFAULT_VENUE_IMAGE);
  // Only our stored images come in several widths; `sizes` without `srcset` is invalid HTML.
  const srcSet = sizes ? imageSrcSet(actual) : undefined;
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, []);
  return (
    <img
      ref={ref}
      src={imageAtWidth(actual, width)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      decoding="async"
      onError={() => {
        if (!failed) setFailed(true);
      }}
      className={cn(fade && "animate-fade-in", className) || undefined}
      {...props}
    />
  );
}
