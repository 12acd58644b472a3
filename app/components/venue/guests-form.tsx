import { buttonClass } from "~/components/ui/button";

// The guest count that the estimates are worked out for (issue 24, ADR 031): the venue page's
// side card and the compare page. A GET form: it works before (and without) scripts, and keeps
// the count in the address.

const VARIANTS = {
  card: {
    form: "mt-2 flex items-end gap-2",
    label: "flex-1 text-sm",
    caption: "mb-1 block text-muted",
    width: "w-full",
    text: "Number of guests",
    submit: "Estimate cost",
  },
  compare: {
    form: "mt-6 flex flex-wrap items-end gap-3",
    label: "text-sm",
    caption: "mb-1 block font-medium",
    width: "w-32",
    text: "Guests",
    submit: "Update estimates",
  },
} as const;

export function GuestsForm({
  variant,
  guests,
  keep = {},
}: {
  variant: keyof typeof VARIANTS;
  guests: number | null;
  /** The rest of the address, sent again with the count. */
  keep?: Record<string, string>;
}) {
  const v = VARIANTS[variant];
  return (
    <form method="get" className={v.form}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className={v.label}>
        <span className={v.caption}>{v.text}</span>
        <input
          type="number"
          name="guests"
          min={1}
          max={100000}
          inputMode="numeric"
          defaultValue={guests ?? ""}
          className={`h-10 ${v.width} rounded-lg border border-sand-dark px-3`}
        />
      </label>
      <button type="submit" className={buttonClass("outline", "md")}>
        {v.submit}
      </button>
    </form>
  );
}
