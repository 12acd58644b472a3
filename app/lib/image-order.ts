// A venue's image list as the manager rearranges it (issue 13): the first image is the cover
// (cards, the gallery's first picture, social previews), so "set as cover" moves one to the front.

export type ImageChange = "remove" | "cover" | "up" | "down";

/** The list after the change, or null when the image is not there or cannot move that way. */
export function changeImageList(
  images: readonly string[],
  url: string,
  change: ImageChange,
): string[] | null {
  const i = images.indexOf(url);
  if (i < 0) return null;
  const next = [...images];
  switch (change) {
    case "remove":
      next.splice(i, 1);
      return next;
    case "cover":
      if (i === 0) return null;
      next.splice(i, 1);
      return [url, ...next];
    case "up":
    case "down": {
      const j = change === "up" ? i - 1 : i + 1;
      if (j < 0 || j >= next.length) return null;
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    }
  }
}
