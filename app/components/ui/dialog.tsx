import { X } from "~/components/ui/icons";
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { Button } from "~/components/ui/button";
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

// The open modal dialogs, the newest last. A modal <dialog> is drawn in the browser's top layer,
// over everything else, and makes the rest of the page inert: the toaster puts its toasts inside
// the newest one (components/layout/toaster.tsx), so that they show and can be closed.
let openDialogs: HTMLDialogElement[] = [];
const watchers = new Set<() => void>();
const changed = () => watchers.forEach((w) => w());
function raise(dialog: HTMLDialogElement) {
  openDialogs = [...openDialogs, dialog];
  changed();
  return () => {
    openDialogs = openDialogs.filter((d) => d !== dialog);
    changed();
  };
}

/** The newest open modal dialog, or null. */
export function useTopDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    (watch) => {
      watchers.add(watch);
      return () => watchers.delete(watch);
    },
    () => openDialogs.at(-1) ?? null,
    () => null,
  );
}

const DialogContext = createContext<{ requestClose: () => void } | null>(null);

/** Inside a dialog: closing it as the person asks (so unsaved changes are asked about first). */
export function useDialog() {
  return useContext(DialogContext);
}

/**
 * A modal on the native <dialog> element: the browser traps focus, closes on Escape, makes the
 * rest of the page inert and restores focus afterwards, with no JavaScript library.
 *
 * Its content exists only while it is open, so closing it discards what was typed in it: once
 * something was changed in it, Escape, ×, a click on the backdrop and a form's Cancel
 * (`useDialog().requestClose`) first ask whether to discard the changes (house rule,
 * ADR 020). Closing it from outside (`open` false, e.g. after a save) does not ask.
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
  // Changed: any input, choice or file picked in the content since it opened.
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const focusBeforeAsking = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    if (!dialog.open) dialog.showModal();
    const lower = raise(dialog);
    const stopFocusing = focusFirstField(dialog, content.current);
    return () => {
      stopFocusing();
      lower();
      dirty.current = false;
      setAsking(false);
      if (dialog.open) dialog.close();
    };
  }, [open]);

  const ask = () => {
    focusBeforeAsking.current = document.activeElement as HTMLElement | null;
    setAsking(true);
  };
  const keepEditing = () => {
    setAsking(false);
    requestAnimationFrame(() => focusBeforeAsking.current?.focus());
  };
  const requestClose = () => (dirty.current ? ask() : onClose());
  // Escape with changes: asks first; Escape again goes back to the form.
  const escape = () => (asking ? keepEditing() : ask());

  return (
    <dialog
      ref={ref}
      // Not a tab stop of its own: Chrome makes a box that scrolls (a long form on a phone)
      // keyboard-focusable, which put the dialog itself between its last control and its first.
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-desc` : undefined}
      onCancel={(e) => {
        if (!dirty.current) return;
        e.preventDefault();
        escape();
      }}
      onClose={() => {
        // Chrome lets a page keep its dialog open on Escape only once between two clicks or key
        // presses; when it closed anyway with changes in it, it opens again.
        if (open && dirty.current) {
          ref.current?.showModal();
          escape();
          return;
        }
        onClose();
      }}
      // A click on the backdrop (outside the panel) closes the dialog.
      onClick={(e) => e.target === e.currentTarget && requestClose()}
      // `.dialog` in app/styles/widgets.css.
      className={cn(
        "dialog",
        placement === "right"
          ? "my-0 mr-0 ml-auto h-dvh max-h-dvh w-full rounded-none sm:rounded-l-2xl"
          : "dialog-center",
        className,
      )}
    >
      {open ? (
        <DialogContext.Provider value={{ requestClose }}>
          <div ref={content} className="relative p-6" inert={asking} onChange={() => (dirty.current = true)}>
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
              onClick={requestClose}
              className="absolute right-3 top-3 cursor-pointer rounded-full p-2 text-muted hover:bg-cream hover:text-ink"
              aria-label="Close"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
          {asking ? (
            <DiscardChanges
              onKeep={keepEditing}
              onDiscard={() => {
                dirty.current = false;
                setAsking(false);
                onClose();
              }}
            />
          ) : null}
        </DialogContext.Provider>
      ) : null}
    </dialog>
  );
}

/** A dialog form's Cancel: asks before typed changes are thrown away, as closing the dialog does. */
export function DialogCancel({ label = "Cancel" }: { label?: string }) {
  const dialog = useDialog();
  return (
    <Button variant="outline" onClick={dialog?.requestClose}>
      {label}
    </Button>
  );
}

const FIELD = "input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)";

/**
 * A dialog opens on its first field, also when its content arrives after it opened (the
 * submission form and the venue picker load theirs), unless the person has moved on by then
 * (a key or a click in the dialog). A dialog without fields keeps the browser's choice, its first
 * control. Returns the clean-up.
 */
function focusFirstField(dialog: HTMLDialogElement, content: HTMLElement | null): () => void {
  if (!content) return () => {};
  const watch = new MutationObserver(() => place());
  const stop = () => {
    watch.disconnect();
    dialog.removeEventListener("keydown", stop);
    dialog.removeEventListener("pointerdown", stop);
  };
  const place = () => {
    const field = content.querySelector<HTMLElement>(FIELD);
    if (!field) return;
    stop();
    field.focus();
  };
  dialog.addEventListener("keydown", stop);
  dialog.addEventListener("pointerdown", stop);
  watch.observe(content, { childList: true, subtree: true });
  place();
  return stop;
}

/** The question before changes are thrown away, drawn over the dialog it belongs to. */
function DiscardChanges({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const id = useId();
  return (
    // Fixed: over the whole window, wherever the dialog is scrolled to.
    <div className="fixed inset-0 z-10 flex items-center justify-center bg-ink/40 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="w-full max-w-sm rounded-2xl bg-ivory p-6 shadow-lift"
      >
        <h3 id={`${id}-title`} className="font-serif text-xl">
          Unsaved Changes
        </h3>
        <p id={`${id}-desc`} className="mt-2 text-sm text-ink-soft">
          You have unsaved changes. If you close this now, they will be lost.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onKeep} autoFocus>
            Keep Editing
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            Discard Changes
          </Button>
        </div>
      </div>
    </div>
  );
}
