import type { MouseEvent } from "react";

/**
 * A plain left click on a link, which a script may handle in the page. A click with a modifier
 * (new tab, new window, download) or another button is left to the browser, which follows the
 * link's href as it would without the script.
 */
export function isPlainClick(e: MouseEvent<HTMLElement>): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;
}
