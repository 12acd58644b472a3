import { useEffect } from "react";
import type { Toast } from "~/lib/toast";
import { toasterReady } from "./toaster";

/** For events that happen in the browser only (a copied link, a geolocation answer). */
export async function showToast(toast: Toast): Promise<void> {
  const [{ toast: sonner }] = await Promise.all([import("sonner"), toasterReady()]);
  const opts = { description: toast.description, duration: toast.duration };
  if (toast.type === "error") sonner.error(toast.message, opts);
  else if (toast.type === "success") sonner.success(toast.message, opts);
  else sonner(toast.message, opts);
}

/**
 * The one way a server toast reaches the screen, whichever of its two shapes it came in: the
 * flash cookie of a redirect (the root loader's `toast`) or the `{ toast }` of an action's data
 * (`fetcher.data?.toast`, `actionData?.toast`). Each toast object shows once.
 */
export function useToast(toast: Toast | null | undefined): void {
  useEffect(() => {
    if (toast) void showToast(toast);
  }, [toast]);
}
