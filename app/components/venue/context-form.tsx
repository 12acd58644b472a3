import { buttonClass } from "~/components/ui/button";
import type { CoupleContext } from "~/lib/couple-context";

// The couple's date (or flexible month) and guest count that the estimates are worked out for
// (issue 41): the venue page's side card and the compare page. A plain GET form: it works before
// (and without) scripts, keeps the context in the address, and costs no script.

// Each variant's form class styles its labels, captions and boxes (`.context-card`,
// `.context-compare` in app/styles/venue-page.css): none of them has a class (issue 42).
const VARIANTS = {
  card: { form: "context-card", text: "Number of guests", submit: "Estimate cost" },
  compare: { form: "context-compare", text: "Guests", submit: "Update estimates" },
} as const;

export function ContextForm({
  variant,
  context,
  keep = {},
}: {
  variant: keyof typeof VARIANTS;
  context: CoupleContext;
  /** The rest of the address, sent again with the context (the compared ids). */
  keep?: Record<string, string>;
}) {
  const v = VARIANTS[variant];
  return (
    <form method="get" className={v.form}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {context.maxPrice !== null ? <input type="hidden" name="maxPrice" value={context.maxPrice} /> : null}
      <label>
        <span>{v.text}</span>
        <input
          type="number"
          name="guests"
          min={1}
          max={100000}
          inputMode="numeric"
          defaultValue={context.guests ?? ""}
        />
      </label>
      <label>
        <span>Wedding date</span>
        <input type="date" name="date" defaultValue={context.date ?? ""} />
      </label>
      <label>
        <span>Or a month, if flexible</span>
        <input type="month" name="month" defaultValue={context.month ?? ""} />
      </label>
      <button type="submit" className={buttonClass("outline", "md")}>
        {v.submit}
      </button>
    </form>
  );
}
