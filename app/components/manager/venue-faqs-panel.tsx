import { MessageCircleQuestion, Plus, Trash2 } from "~/components/ui/icons";
import { useState } from "react";
import { useFetcher } from "react-router";
import { EmptyState } from "~/components/admin/admin-page";
import { TabSection } from "~/components/manager/tab-section";
import { useOnSuccess } from "~/components/admin/use-on-success";
import { EMPTY_FAQ, FaqFields } from "~/components/admin/faq-fields";
import { FormError } from "~/components/forms/fields";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { IconButton } from "~/components/ui/icon-button";
import { Dialog, useDialog } from "~/components/ui/dialog";
import { isBlank } from "~/lib/validation/fields";
import { MANAGER_FAQ_BOTH_REQUIRED, MANAGER_FAQ_DELETE_CONFIRM } from "~/lib/validation/manager";
import type { Faq } from "~/lib/venue";
import type { action } from "~/routes/manager/edit-venue";

// The edit page's FAQs tab (spec: 'Manager edit venue', FAQs): an 'Add FAQ' dialog, the list in
// display order with a delete icon behind the browser's confirmation, 'No FAQs available'.

export function VenueFaqsPanel({ faqs }: { faqs: Faq[] }) {
  const [adding, setAdding] = useState(false);
  return (
    <TabSection
      title="FAQs"
      description="Questions couples ask, shown on your venue's page."
      action={
        <Button onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add FAQ
        </Button>
      }
    >
      {faqs.length === 0 ? (
        <EmptyState
          icon={<MessageCircleQuestion className="h-10 w-10" aria-hidden="true" />}
          title="No FAQs available"
        >
          Add the questions couples ask most: parking, catering, the rain plan.
        </EmptyState>
      ) : (
        <ol className="mt-6 divide-y divide-sand rounded-xl border border-sand">
          {faqs.map((faq) => (
            <FaqRow key={faq.id} faq={faq} />
          ))}
        </ol>
      )}
      <AddFaqDialog open={adding} onClose={() => setAdding(false)} />
    </TabSection>
  );
}

function FaqRow({ faq }: { faq: Faq }) {
  const remover = useFetcher<typeof action>();
  useToast(remover.data?.toast);
  const busy = remover.state !== "idle";
  return (
    <li className="flex items-start justify-between gap-4 p-4" aria-busy={busy || undefined}>
      <div className="min-w-0">
        <h3 className="font-sans text-base font-semibold break-words">{faq.question}</h3>
        <p className="mt-1 whitespace-pre-line text-ink-soft break-words">{faq.answer}</p>
      </div>
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
        className="shrink-0"
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </IconButton>
    </li>
  );
}

function AddFaqDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const [draft, setDraft] = useState(EMPTY_FAQ);
  const [error, setError] = useState<string | null>(null);
  useToast(fetcher.data?.toast);
  useOnSuccess(fetcher, () => {
    setDraft(EMPTY_FAQ);
    onClose();
  });
  const busy = fetcher.state !== "idle";
  // The server's reason: the spec's message for a blank field, or another (a rate limit).
  const serverError =
    fetcher.data && !fetcher.data.ok && "intent" in fetcher.data && fetcher.data.intent === "faq-add"
      ? (fetcher.data.toast?.description ?? MANAGER_FAQ_BOTH_REQUIRED)
      : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add FAQ"
      description="It appears on your venue's page at once."
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
        <input type="hidden" name="intent" value="faq-add" />
        <FormError message={error ?? (fetcher.state === "idle" ? serverError : null) ?? undefined} />
        <FaqFields named value={draft} onChange={setDraft} />
        <div className="flex justify-end gap-2">
          <CancelButton />
          <Button type="submit" pending={busy}>
            {busy ? "Adding..." : "Add FAQ"}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

/** Cancel asks before a typed question is thrown away, as closing the dialog does. */
function CancelButton() {
  const dialog = useDialog();
  return (
    <Button variant="outline" onClick={dialog?.requestClose}>
      Cancel
    </Button>
  );
}
