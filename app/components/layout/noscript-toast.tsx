import { cn } from "~/lib/cn";
import type { Toast } from "~/lib/toast";

/**
 * A server toast for a browser that runs no script, which has no toaster: the message is in the
 * page, shown only when scripting is off (`@media (scripting: none)`, Tailwind's `noscript:`),
 * so a browser running the script shows the toast instead (ADR 018).
 */
export function NoscriptToast({ toast, className }: { toast: Toast | null | undefined; className?: string }) {
  if (!toast) return null;
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
