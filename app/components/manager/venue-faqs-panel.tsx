import { ArrowDown, ArrowUp, MessageCircleQuestion, Pencil, Plus, Trash2 } from "~/components/ui/icons";
import { useLayoutEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { EmptyState } from "~/components/back-office/page";
import { TabSection } from "~/components/manager/tab-section";
import { useFaqOrder } from "~/components/back-office/use-faq-order";
import { useOnSuccess } from "~/components/back-office/use-on-success";
import { EMPTY_FAQ, FaqFields } from "~/components/back-office/faq-fields";
import { FormError } from "~/components/forms/fields";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { IconButton } from "~/components/ui/icon-button";
import { Dialog, DialogCancel } from "~/components/ui/dialog";
import { isBlank } from "~/lib/validation/fields";
import {
  MANAGER_FAQ_BOTH_REQUIRED,
  MANAGER_FAQ_DELETE_CONFIRM,
  type ManagerReply,
} from "~/lib/validation/manager";
import type { Faq } from "~/lib/venue";

// The edit page's FAQs tab (spec: 'Manager edit venue', FAQs): an 'Add FAQ' dialog, the list in
// display order with a delete icon behind the browser's confirmation, 'No FAQs available'. As on
// the admin's screen (issue 22, item 13), each FAQ can be edited (an 'Edit FAQ' dialog) and moved
// up or down (the same ordering hook and service, with the manager's numbering).

export function VenueFaqsPanel({ faqs }: { faqs: Faq[] }) {
  // The dialog open: null (none), "add", or the FAQ being edited.
  const [open, setOpen] = useState<Faq | "add" | null>(null);
  const { order, moving, move } = useFaqOrder(faqs, "manager", (faqId, direction) => ({
    intent: "faq-move",
    faqId,
    direction,
  }));
  // A moved row's control keeps the focus (or its other arrow, at the top or the bottom).
  const list = useRef<HTMLOListElement>(null);
  const moved = useRef<{ id: string; direction: "up" | "down" } | null>(null);
  useLayoutEffect(() => {
    const want = moved.current;
    if (!want || !list.current) return;
    moved.current = null;
    const row = list.current.querySelector(`[data-faq="${want.id}"]`);
    const control =
      row?.querySelector<HTMLButtonElement>(`[data-move="${want.direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>("[data-move]:not(:disabled)");
    control?.focus();
  }, [order]);
  const editing = open !== null && open !== "add" ? open : null;
  return (
    <TabSection
      title="FAQs"
      description="Questions couples ask, shown on your venue's page in this order."
      action={
        <Button onClick={() => setOpen("add")}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add FAQ
        </Button>
      }
    >
      {order.length === 0 ? (
        <EmptyState
          icon={<MessageCircleQuestion className="h-10 w-10" aria-hidden="true" />}
          title="No FAQs available"
        >
          Add the questions couples ask most: parking, catering, the rain plan.
        </EmptyState>
      ) : (
        <ol ref={list} className="mt-6 divide-y divide-sand rounded-xl border border-sand">
          {order.map((faq, i) => (
            <FaqRow
              key={faq.id}
              faq={faq}
              first={i === 0}
              last={i === order.length - 1}
              moving={moving}
              onMove={(direction) => {
                moved.current = { id: faq.id, direction };
                move(faq.id, direction);
              }}
              onEdit={() => setOpen(faq)}
            />
          ))}
        </ol>
      )}
      <FaqDialog
        key={editing?.id ?? "add"}
        open={open !== null}
        faq={editing}
        onClose={() => setOpen(null)}
      />
    </TabSection>
  );
}

function FaqRow({
  faq,
  first,
  last,
  moving,
  onMove,
  onEdit,
}: {
  faq: Faq;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (direction: "up" | "down") => void;
  onEdit: () => void;
}) {
  const remover = useFetcher<ManagerReply>();
  useToast(remover.data?.toast);
  const busy = remover.state !== "idle";
  // While a move is saved the arrows stay focusable (a disabled button would drop the focus) but
  // do nothing, so moves are sent one at a time.
  const arrow = (direction: "up" | "down", edge: boolean) => (
    <IconButton
      data-move={direction}
      disabled={edge}
      aria-disabled={moving || undefined}
      onClick={() => (moving ? undefined : onMove(direction))}
      label={`Move FAQ ${direction}: ${faq.question}`}
      title={direction === "up" ? "Move up" : "Move down"}
    >
      {direction === "up" ? (
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
      ) : (
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
      )}
    </IconButton>
  );
  return (
    <li
      data-faq={faq.id}
      className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
      aria-busy={busy || undefined}
    >
      <div className="min-w-0">
        <h3 className="font-sans text-base font-semibold break-words">{faq.question}</h3>
        <p className="mt-1 whitespace-pre-line text-ink-soft break-words">{faq.answer}</p>
      </div>
      <div className="-ml-2 flex shrink-0 gap-1 sm:ml-0">
        {arrow("up", first)}
        {arrow("down", last)}
        <IconButton onClick={onEdit} label={`Edit FAQ: ${faq.question}`} title="Edit">
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </IconButton>
        <IconButton
          disabled={busy}
          onClick={() => {
            // Spec: the browser's own confirmation.
            if (!window.confirm(MANAGER_FAQ_DELETE_CONFIRM)) return;
            void remover.submit(
              { intent: "faq-delete", faqId: faq.id },
              { method: "post", preventScrollReset: true },
            );
          }}
          label={`Delete FAQ: ${faq.question}`}
          title="Delete"
          tone="danger"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      </div>
    </li>
  );
}

/** 'Add FAQ', or 'Edit FAQ' started from the FAQ's text; both check the spec's manager rule. */
function FaqDialog({ open, faq, onClose }: { open: boolean; faq: Faq | null; onClose: () => void }) {
  const fetcher = useFetcher<ManagerReply>();
  const intent = faq ? "faq-save" : "faq-add";
  const [draft, setDraft] = useState(faq ? { question: faq.question, answer: faq.answer } : EMPTY_FAQ);
  const [error, setError] = useState<string | null>(null);
  useToast(fetcher.data?.toast);
  useOnSuccess(fetcher, () => {
    if (!faq) setDraft(EMPTY_FAQ);
    onClose();
  });
  const busy = fetcher.state !== "idle";
  // The server's reason: the spec's message for a blank field, or another (a rate limit, a FAQ gone).
  const serverError =
    fetcher.data && !fetcher.data.ok && "intent" in fetcher.data && fetcher.data.intent === intent
      ? (fetcher.data.toast?.description ?? MANAGER_FAQ_BOTH_REQUIRED)
      : null;
  const unchanged = faq !== null && draft.question === faq.question && draft.answer === faq.answer;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={faq ? "Edit FAQ" : "Add FAQ"}
      description={
        faq ? "Your changes appear on your venue's page at once." : "It appears on your venue's page at once."
      }
    >
      <fetcher.Form
        method="post"
        noValidate
        preventScrollReset
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          if (isBlank(draft.question) || isBlank(draft.answer)) {
            e.preventDefault();
            setError(MANAGER_FAQ_BOTH_REQUIRED);
            return;
          }
          setError(null);
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        {faq ? <input type="hidden" name="faqId" value={faq.id} /> : null}
        <FormError message={error ?? (fetcher.state === "idle" ? serverError : null) ?? undefined} />
        <FaqFields named value={draft} onChange={setDraft} />
        <div className="flex justify-end gap-2">
          <DialogCancel />
          <Button type="submit" pending={busy} disabled={unchanged}>
            {faq ? (busy ? "Saving..." : "Save Changes") : busy ? "Adding..." : "Add FAQ"}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
