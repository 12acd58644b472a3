import { useEachNew } from "~/components/forms/use-each-new";
import type { Toast } from "~/lib/toast";
import { focusResult } from "./focus-result";
import { toasterReady } from "./toaster";

type Show = (message: string, opts: { description?: string; duration?: number }) => string | number;
/** What of sonner's `toast` this uses. */
type Sonner = Show & { error: Show; success: Show; dismiss: (id: string | number) => unknown };

/**
 * Shows toasts through sonner. A repeat of a message on screen (a form whose request fails again,
 * a second save) replaces it instead of piling up: three stacked toasts cover the corner of the
 * page where the form's buttons may be, and a stack under the pointer stays open while it is there.
 */
export function toastShower(sonner: Sonner) {
  const shown = new Map<string, string | number>();
  return (toast: Toast) => {
    const previous = shown.get(toast.message);
    if (previous !== undefined) sonner.dismiss(previous);
    const opts = { description: toast.description, duration: toast.duration };
    const show = toast.type === "error" ? sonner.error : toast.type === "success" ? sonner.success : sonner;
    shown.set(toast.message, show(toast.message, opts));
  };
}

let show: ((toast: Toast) => void) | undefined;

/** For events that happen in the browser only (a copied link, a geolocation answer). */
export async function showToast(toast: Toast): Promise<void> {
  const [{ toast: sonner }] = await Promise.all([import("sonner"), toasterReady()]);
  show ??= toastShower(sonner);
  show(toast);
  // A save whose answer took the focused control away (a busy button is disabled, a row goes):
  // the focus goes to its result, whichever screen it was (issue 41, item 16).
  if (toast.type === "success") await focusResult(toast.message);
}

/**
 * The one way a server toast reaches the screen, whichever of its two shapes it came in: the
 * flash cookie of a redirect (the root loader's `toast`) or the `{ toast }` of an action's data
 * (`fetcher.data?.toast`, `actionData?.toast`). Each toast object shows once.
 */
export function useToast(toast: Toast | null | undefined): void {
  useEachNew(toast, (shown) => void showToast(shown));
}
