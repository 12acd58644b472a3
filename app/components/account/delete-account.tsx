import { FormError, RadioGroup } from "~/components/forms/fields";
import { CONTACT_KEPT_MONTHS, type DeletionSummary } from "~/lib/account-deletion";
import { FORMER_GUEST, type ReviewChoice } from "~/lib/privacy";

// What deleting an account does (issue 46, ADR 050), said before the person confirms: on the
// page that asks (/account/delete) and on the page a mailed link opens.

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function DeletionFacts({ summary }: { summary: DeletionSummary }) {
  return (
    <div className="mt-6 max-w-2xl space-y-4 text-ink-soft">
      <ul className="list-disc space-y-2 pl-5">
        <li>
          Your account, its sessions (every device is signed out), your favourites, saved searches, email
          preferences and data downloads are deleted.
        </li>
        <li>
          Your inquiries{summary.inquiries > 0 ? ` (${summary.inquiries})` : ""} and site visits stay with the
          venues for their records. Your name, email and phone on them are erased {CONTACT_KEPT_MONTHS} months
          after you sent them, or now if you tick the box below.
        </li>
        {summary.comingVisits > 0 ? (
          <li>
            {summary.comingVisits === 1
              ? "Your coming site visit is cancelled and the venue told."
              : `Your ${summary.comingVisits} coming site visits are cancelled and the venues told.`}
          </li>
        ) : null}
        {summary.pendingVenues.length > 0 ? (
          <li>
            Venues you submitted that are not approved yet are deleted with their photos:{" "}
            {summary.pendingVenues.join(", ")}.
          </li>
        ) : null}
        {summary.approvedVenues > 0 ? <li>Approved venues you submitted stay in the directory.</li> : null}
      </ul>
      {summary.lastManagerOf.length > 0 ? (
        <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-ink">
          <p className="font-semibold">You are the only manager of:</p>
          <ul className="mt-1 list-disc pl-5">
            {summary.lastManagerOf.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <p className="mt-1">
            {summary.lastManagerOf.length === 1 ? "It goes" : "They go"} back to the directory's
            administrators.
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The choice about reviews: none is ticked, so that it is made on purpose (ADR 050). */
export function ReviewChoiceField({
  count,
  chosen,
  error,
}: {
  count: number;
  chosen: string | undefined;
  error?: string;
}) {
  if (count === 0) return <input type="hidden" name="reviews" value="delete" />;
  return (
    <RadioGroup
      label={`Your ${plural(count, "review")}`}
      description="Kept reviews still count in the venues' ratings, without your name or picture."
      error={error}
      name="reviews"
      chosen={chosen}
      options={
        [
          { value: "delete", label: "Delete my reviews" },
          { value: "keep", label: `Keep my reviews, shown as \u201c${FORMER_GUEST}\u201d` },
        ] satisfies { value: ReviewChoice; label: string }[]
      }
    />
  );
}

/** The chosen answers, said back on the mailed link's page. */
export function ChosenFacts({ reviews, eraseContact }: { reviews: ReviewChoice; eraseContact: boolean }) {
  return (
    <ul className="mt-4 max-w-2xl list-disc space-y-1 pl-5 text-ink-soft">
      <li>Your reviews: {reviews === "keep" ? `kept, shown as \u201c${FORMER_GUEST}\u201d` : "deleted"}.</li>
      <li>
        Your contact details on inquiries and site visits:{" "}
        {eraseContact ? "erased now" : `erased ${CONTACT_KEPT_MONTHS} months after you sent them`}.
      </li>
    </ul>
  );
}

export function LastAdminRefusal({ message }: { message: string }) {
  return (
    <div className="mt-6 max-w-2xl">
      <FormError message={message} />
    </div>
  );
}
