import { cn } from "~/lib/cn";
import type { Toast } from "~/lib/toast";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A server toast for a browser without JavaScript, which has no toaster: the message is in the
 * page, inside <noscript>, so a browser running the script shows the toast instead (ADR 018).
 * React puts a <noscript>'s inner HTML, not its children, in the server HTML.
 */
export function NoscriptToast({ toast, className }: { toast: Toast | null | undefined; className?: string }) {
  if (!toast) return null;
  const role = toast.type === "error" ? "alert" : "status";
  const classes = cn(
    "rounded-xl border border-sand bg-white px-4 py-3 text-sm font-medium shadow-lift",
    toast.type === "error" ? "text-danger" : "text-ink",
    className,
  );
  return (
    <noscript
      dangerouslySetInnerHTML={{
        __html: `<p role="${role}" class="${classes}">${escapeHtml(toast.message)}</p>`,
      }}
    />
  );
}
