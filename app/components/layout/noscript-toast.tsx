import { useSyncExternalStore } from "react";
import { cn } from "~/lib/cn";
import type { Toast } from "~/lib/toast";

const nothingToWatch = () => () => {};

/**
 * A server toast for a browser that runs no script, which has no toaster: the message is in the
 * page, shown only when scripting is off (`@media (scripting: none)`, Tailwind's `noscript:`).
 * Where the script runs it leaves at once, before the toaster shows the same message (ADR 020).
 */
export function NoscriptToast({ toast, className }: { toast: Toast | null | undefined; className?: string }) {
  // False in the server HTML and while hydrating, true once the page runs (a synchronous
  // re-render right after hydration, so it is gone long before the toaster has loaded).
  const running = useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
  if (!toast || running) return null;
  return (
    <p
      role={toast.type === "error" ? "alert" : "status"}
      className={cn(
        "hidden rounded-xl border border-sand bg-white px-4 py-3 text-sm font-medium shadow-lift noscript:block",
        toast.type === "error" ? "text-danger" : "text-ink",
        className,
      )}
    >
      {toast.message}
    </p>
  );
}
