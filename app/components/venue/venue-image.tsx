import { useCallback, useState, type ImgHTMLAttributes } from "react";
import { cn } from "~/lib/cn";
import { DEFAULT_VENUE_IMAGE, imageAtWidth, imageSrcSet } from "~/lib/images";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src: string;
  width: number;
  height: number;
};

/**
 * A venue photo: responsive `srcset` for our stored images, a 500 ms fade-in once loaded, and
 * the default image when it fails. Server-rendered images may finish loading before hydration,
 * so the ref also checks `complete`.
 */
export function VenueImage({ src, className, sizes, width, height, alt = "", ...props }: Props) {
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const actual = failed ? DEFAULT_VENUE_IMAGE : src;
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth > 0) setLoaded(true);
  }, []);
  return (
    <img
      ref={ref}
      src={imageAtWidth(actual, width)}
      srcSet={imageSrcSet(actual)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      decoding="async"
      onLoad={() => setLoaded(true)}
      onError={() => {
        if (!failed) setFailed(true);
      }}
      className={cn("transition-opacity duration-500", loaded ? "opacity-100" : "opacity-0", className)}
      {...props}
    />
  );
}
