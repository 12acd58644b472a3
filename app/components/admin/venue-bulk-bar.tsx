import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { ConfirmDialog } from "~/components/back-office/confirm-dialog";
import { useEachNew } from "~/components/forms/use-each-new";
import { showToast, useToast } from "~/components/layout/use-toast";
import { Button, buttonClass } from "~/components/ui/button";
import { Check, Trash2, X } from "~/components/ui/icons";
import type { Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import {
  BULK_EFFECTS,
  BULK_FORM_ID,
  BULK_PATH,
  bulkConfirmLabel,
  bulkMessages,
  bulkQuestion,
  countOf,
  formatCount,
  isBulkIntent,
  TRASH_PATH,
  type BulkIntent,
} from "~/lib/venue-bulk";

// Bulk actions on the admin's venue list (issue 22, item 7; ADR 023). The bar is a form; the
// list's checkboxes belong to it through `form=` (a row's own forms, Geocode, cannot sit inside
// another form). Without the script: tick rows (or the header's 'all on this page'), or 'all N
// matching', and press an action; the server asks with its count and names. Once the page runs:
// the header's box ticks every row, the bar counts the choice, and 'Delete 37 venues?' is asked
// here before the same fields are posted with `confirmed`.

type Reply = { ok: boolean; toast?: Toast; question?: { warning: string | null } } | undefined;

const CHECKBOX = "h-4 w-4 cursor-pointer rounded border-sand-dark accent-primary";

/** The form's checkboxes called `name`, inside it or tied to it by `form=`. */
const boxes = (form: HTMLFormElement, name: string) =>
  Array.from(form.elements).filter(
    (el): el is HTMLInputElement =>
      el instanceof HTMLInputElement && el.type === "checkbox" && el.name === name,
  );

/** A row's checkbox (a 24 px target around it). */
export function SelectVenue({ id, name }: { id: string; name: string }) {
  return (
    <label className="inline-flex h-6 w-6 items-center justify-center">
      <input type="checkbox" form={BULK_FORM_ID} name="ids" value={id} className={CHECKBOX} />
      <span className="sr-only">Select {name}</span>
    </label>
  );
}

/** The header's checkbox: every venue on this page (it ticks the rows once the page runs). */
export function SelectAllOnPage() {
  return (
    <label className="inline-flex h-6 w-6 items-center justify-center">
      <input type="checkbox" form={BULK_FORM_ID} name="allOnPage" value="1" className={CHECKBOX} />
      <span className="sr-only">Select all venues on this page</span>
    </label>
  );
}

/** The list's way to its trash, with how many venues are there. */
export function TrashLink({ count }: { count: number }) {
  return (
    <Link to={TRASH_PATH} className={buttonClass("outline")}>
      <Trash2 className="h-4 w-4" aria-hidden="true" /> Trash{count > 0 ? ` (${formatCount(count)})` : ""}
    </Link>
  );
}

export function VenueBulkBar({ total, pageIds }: { total: number; pageIds: string[] }) {
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<Reply>();
  useToast(fetcher.data?.toast);
  const [chosen, setChosen] = useState(0);
  const [asking, setAsking] = useState<{
    intent: BulkIntent;
    fields: FormData;
    count: number;
    /** The server's warning of managed venues with open inquiries: asked once more (issue 41). */
    warning?: string;
  } | null>(null);
  const sent = useRef<typeof asking>(null);
  useEachNew(fetcher.state === "idle" ? fetcher.data?.question?.warning : null, (warning) => {
    if (sent.current) setAsking({ ...sent.current, warning });
  });

  /** Counts the choice, and shows the header's box as all, some or none of the rows. */
  const sync = useCallback(() => {
    const f = form.current;
    if (!f) return;
    const rows = boxes(f, "ids");
    const ticked = rows.filter((b) => b.checked).length;
    for (const header of boxes(f, "allOnPage")) {
      header.checked = rows.length > 0 && ticked === rows.length;
      header.indeterminate = ticked > 0 && ticked < rows.length;
    }
    setChosen(boxes(f, "allMatching")[0]?.checked ? total : ticked);
  }, [total]);

  useEffect(() => {
    const f = form.current;
    if (!f) return;
    // Ticked before the page ran: the header's box meant every row.
    if (boxes(f, "allOnPage")[0]?.checked) for (const b of boxes(f, "ids")) b.checked = true;
    const changed = (e: Event) => {
      const t = e.target;
      if (!(t instanceof HTMLInputElement) || t.form !== f) return;
      if (t.name === "allOnPage") for (const b of boxes(f, "ids")) b.checked = t.checked;
      sync();
    };
    document.addEventListener("change", changed);
    sync();
    return () => document.removeEventListener("change", changed);
  }, [sync]);
  // The list reloaded (rows deleted, another page): count what is ticked now.
  const page = pageIds.join(",");
  useEffect(() => sync(), [page, sync]);

  // Done: the choice is cleared after a success, kept after a failure.
  useEachNew(fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data : null, () => {
    const f = form.current;
    if (!f) return;
    for (const name of ["ids", "allOnPage", "allMatching"]) for (const b of boxes(f, name)) b.checked = false;
    sync();
  });

  const busy = fetcher.state !== "idle";
  const action = (intent: BulkIntent, label: string, icon: ReactNode, danger = false) => (
    <Button
      type="submit"
      name="intent"
      value={intent}
      variant="outline"
      size="sm"
      className={danger ? "text-danger" : undefined}
      disabled={(hydrated && chosen === 0) || busy}
    >
      {icon} {label}
    </Button>
  );

  return (
    <form
      ref={form}
      id={BULK_FORM_ID}
      method="post"
      action={BULK_PATH}
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-sand bg-cream/40 px-4 py-3"
      onSubmit={(e) => {
        e.preventDefault();
        const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const intent = submitter?.value;
        if (!isBulkIntent(intent)) return;
        if (chosen === 0) return void showToast({ type: "error", message: bulkMessages.noneChosen });
        setAsking({ intent, fields: new FormData(e.currentTarget, submitter), count: chosen });
      }}
    >
      <input type="hidden" name="returnTo" value={pathname + search} />
      {pageIds.map((id) => (
        <input key={id} type="hidden" name="pageIds" value={id} />
      ))}
      <p className="min-w-0 text-sm text-ink-soft" aria-live="polite">
        {hydrated
          ? chosen === 0
            ? "Select venues to delete, approve or reject them together."
            : `${countOf(chosen, "venue")} selected`
          : "Tick venues in the list, or choose all of them below, then:"}
      </p>
      {total > pageIds.length ? (
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" name="allMatching" value="1" className={CHECKBOX} />
          All {countOf(total, "venue")} matching this list, not only this page
        </label>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        {action("approve", "Approve", <Check className="h-4 w-4" aria-hidden="true" />)}
        {action("reject", "Reject", <X className="h-4 w-4" aria-hidden="true" />, true)}
        {action("delete", "Delete", <Trash2 className="h-4 w-4" aria-hidden="true" />, true)}
      </div>
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? bulkQuestion(asking.intent, asking.count) : ""}
        confirmLabel={
          asking?.warning ? "Trash anyway" : asking ? bulkConfirmLabel(asking.intent, asking.count) : ""
        }
        danger={asking?.intent !== "approve"}
        onConfirm={() => {
          if (!asking) return;
          setAsking(null);
          sent.current = asking;
          asking.fields.set("confirmed", "1");
          if (asking.warning) asking.fields.set("confirm", "1");
          void fetcher.submit(asking.fields, { method: "post", action: BULK_PATH });
        }}
      >
        <p>{asking ? BULK_EFFECTS[asking.intent] : null}</p>
        {asking?.warning ? <p className="mt-3 font-medium text-danger">{asking.warning}</p> : null}
      </ConfirmDialog>
    </form>
  );
}
