import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";

/** "Are you sure?": a modal with the question, Cancel, and the (usually destructive) action. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  busy = false,
  danger = true,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  danger?: boolean;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className="mt-3 space-y-3 text-ink-soft">{children}</div>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant={danger ? "danger" : "primary"}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
