import { buttonClass } from "~/components/ui/button";
import type { CoupleContext } from "~/lib/couple-context";

// The couple's date (or flexible month) and guest count that the estimates are worked out for
// (issue 41): the venue page's side card and the compare page. A plain GET form: it works before
// (and without) scripts, keeps the context in the address, and costs no script.

const VARIANTS = {
  card: {
    form: "mt-3 grid grid-cols-2 items-end gap-2",
    label: "min-w-0 text-sm",
    caption: "mb-1 block text-muted",
    text: "Number of guests",
    submit: "Estimate cost",
  },
  compare: {
    form: "mt-6 flex flex-wrap items-end gap-3",
    label: "text-sm",
    caption: "mb-1 block font-medium",
    text: "Guests",
    submit: "Update estimates",
  },
} as const;

const FIELD = "h-10 w-full min-w-0 rounded-lg border border-sand-dark px-2";

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
      <label className={v.label}>
        <span className={v.caption}>{v.text}</span>
        <input
          type="number"
          name="guests"
          min={1}
          max={100000}
          inputMode="numeric"
          defaultValue={context.guests ?? ""}
          className={`${FIELD} ${variant === "compare" ? "w-28" : ""}`}
        />
      </label>
      <label className={v.label}>
        <span className={v.caption}>Wedding date</span>
        <input type="date" name="date" defaultValue={context.date ?? ""} className={FIELD} />
      </label>
      <label className={v.label}>
        <span className={v.caption}>Or a month, if flexible</span>
        <input type="month" name="month" defaultValue={context.month ?? ""} className={FIELD} />
      </label>
      <button type="submit" className={buttonClass("outline", "md")}>
        {v.submit}
      </button>
    </form>
  );
}
