import { Clock, Trash2 } from "~/components/ui/icons";
import { useState } from "react";
import { Form, useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/back-office/confirm-dialog";
import { useToast } from "~/components/layout/use-toast";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { ownSubmissionMessages, submissionPath, WHAT_HAPPENS_NEXT } from "~/lib/own-submissions";
import { useHydrated } from "~/lib/use-hydrated";
import type { FormReply } from "~/lib/validation/form";

// The owner's side of a pending submission (issue 22, item 11; ADR 025): what happens next, and
// Withdraw behind a confirmation. Withdraw is a link to the submission's page with `?withdraw`
// until the script runs (the server shows the confirmation there as a plain form), and a button
// opening the confirmation dialog after (ADR 020).

/** What happens next and how long review usually takes. */
export function WhatHappensNext({ className }: { className?: string }) {
  return (
    <section
      aria-labelledby="what-happens-next"
      className={`rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 ${className ?? ""}`}
    >
      <h3 id="what-happens-next" className="flex items-center gap-2 font-sans text-base font-semibold">
        <Clock className="h-4 w-4 shrink-0" aria-hidden="true" /> What happens next
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {WHAT_HAPPENS_NEXT.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** Withdraw: the dialog once the script runs, a link to the page's own confirmation before. */
export function WithdrawSubmission({ venue }: { venue: { id: string; name: string } }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<FormReply>();
  const [confirming, setConfirming] = useState(false);
  useToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  const label = (
    <>
      <Trash2 className="h-4 w-4" aria-hidden="true" /> Withdraw
      <span className="sr-only"> {venue.name}</span>
    </>
  );
  if (!hydrated)
    return (
      <a href={`${submissionPath(venue.id)}?withdraw#withdraw`} className={buttonClass("outline", "sm")}>
        {label}
      </a>
    );
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Withdraw Submission"
        confirmLabel={busy ? "Withdrawing..." : "Withdraw"}
        busy={busy}
        onConfirm={() =>
          void fetcher.submit({ intent: "withdraw" }, { method: "post", action: submissionPath(venue.id) })
        }
      >
        <p>{ownSubmissionMessages.withdrawQuestion}</p>
        <p className="font-medium break-words text-ink">{venue.name}</p>
      </ConfirmDialog>
    </>
  );
}

/** The confirmation as a plain form, for `?withdraw` (a visitor whose script has not run). */
export function WithdrawConfirmation({ venue }: { venue: { id: string; name: string } }) {
  return (
    <div role="alert" className="rounded-xl border border-danger/30 bg-red-50 p-4 text-sm">
      <p className="text-ink">{ownSubmissionMessages.withdrawQuestion}</p>
      <Form method="post" action={submissionPath(venue.id)} className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="withdraw" />
        <Button type="submit" variant="danger" size="sm">
          Yes, withdraw it
        </Button>
        <ButtonLink to={submissionPath(venue.id)} variant="outline" size="sm" preventScrollReset>
          Keep it
        </ButtonLink>
      </Form>
    </div>
  );
}
