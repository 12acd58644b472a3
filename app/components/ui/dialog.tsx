import { X } from "~/components/ui/icons";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "~/lib/cn";

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** "right": a full-height side sheet (spec: the manager's 'Edit Venue' sheet). */
  placement?: "center" | "right";
};

/**
 * A modal on the native <dialog> element: the browser traps focus, closes on Escape, makes the
 * rest of the page inert and restores focus afterwards, with no JavaScript library.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
  placement = "center",
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-desc` : undefined}
      onClose={onClose}
      // A click on the backdrop (outside the panel) closes the dialog.
      onClick={(e) => e.target === e.currentTarget && onClose()}
      className={cn(
        "overflow-y-auto bg-ivory p-0 text-ink shadow-lift backdrop:bg-ink/50 open:animate-fade-in",
        placement === "right"
          ? "my-0 mr-0 ml-auto h-dvh max-h-dvh w-full rounded-none sm:rounded-l-2xl"
          : "m-auto max-h-[92dvh] w-[calc(100vw-2rem)] rounded-2xl",
        // cn() does not merge classes: a width given by the caller replaces the default one.
        /\bmax-w-/.test(className ?? "") ? null : "max-w-md",
        className,
      )}
    >
      {open ? (
        <div className="relative p-6">
          <h2 id={`${id}-title`} className="pr-10 font-serif text-2xl">
            {title}
          </h2>
          {description ? (
            <p id={`${id}-desc`} className="mt-1 text-sm text-muted">
              {description}
            </p>
          ) : null}
          {children}
          <button
            type="button"
            onClick={onClose}
            className="absolute right-3 top-3 cursor-pointer rounded-full p-2 text-muted hover:bg-cream hover:text-ink"
            aria-label="Close"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
