import { ChevronLeft, ChevronRight, RefreshCw, Upload } from "~/components/ui/icons";
import { useRef, useState, type ReactNode, type RefObject } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { Field, FormError, SelectField } from "~/components/forms/fields";
import { Button, buttonClass } from "~/components/ui/button";
import { STATUS_LABELS, type IcsPreview, type ManagerAvailability } from "~/lib/availability";
import { addMonths, MONTH_NAMES, monthLabel, monthOf, shortDayLabel } from "~/lib/dates";
import { INBOX_PATH } from "~/lib/inquiries";
import { useHydrated } from "~/lib/use-hydrated";
import { Legend, MonthGrid, MonthLink } from "./availability-calendar";

// A venue's availability calendar for its managers and admins (issue 24, ADR 030). Without
// scripts: the month as a table (each day's status in words), a form with from/to dates and a
// status, the closures, the .ics import and the feed, all plain forms. With scripts the days
// become buttons: arrow keys move between them (one tab stop, a roving tabindex), a first choice
// is the start and a second the end, which fill the form's dates; the status and Apply follow.

export type AvailabilityReply = {
  ok: boolean;
  intent?: string;
  error?: string;
  values?: { from: string; to: string; status: string };
  preview?: IcsPreview;
  fileName?: string;
  back?: string;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 border-t border-sand pt-6">
      <h3 className="font-sans text-lg font-semibold">{title}</h3>
      {children}
    </section>
  );
}

const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

export function AvailabilityPanel({
  availability,
  action,
  back,
  monthHref,
  reply,
}: {
  availability: ManagerAvailability;
  /** The route whose action takes these forms. */
  action: string;
  /** Where a success goes back to. */
  back: string;
  monthHref: (month: string) => string;
  reply: AvailabilityReply | null;
}) {
  const month = availability.month.month;
  const marked = reply?.intent === "mark" ? reply.values : undefined;
  const [from, setFrom] = useState(marked?.from ?? "");
  const [to, setTo] = useState(marked?.to ?? "");
  const [said, setSaid] = useState("");
  const fromInput = useRef<HTMLInputElement>(null);
  const toInput = useRef<HTMLInputElement>(null);
  const error = (intent: string) => (reply && !reply.ok && reply.intent === intent ? reply.error : undefined);
  const navigate = useNavigate();

  // Applied: the choice is done, so the days, the dates and the 'Selected' line clear (issue 41).
  // Kept on a refusal, with what was typed. State adjusted while rendering, as React advises.
  const navigation = useNavigation();
  const [applying, setApplying] = useState(false);
  const [formKey, setFormKey] = useState(0);
  if (!applying && navigation.formData?.get("intent") === "mark") setApplying(true);
  if (applying && navigation.state === "idle") {
    setApplying(false);
    if (!error("mark")) {
      setFrom("");
      setTo("");
      setSaid("");
      setFormKey(formKey + 1);
    }
  }

  // A first day chosen is the start, a second the end (in either order); a third starts again.
  const pick = (day: string) => {
    const ending = from && !to;
    const [a, b] = ending ? [from, day].sort() : [day, ""];
    setFrom(a!);
    setTo(b!);
    if (fromInput.current) fromInput.current.value = a!;
    if (toInput.current) toInput.current.value = b || a!;
    setSaid(
      ending
        ? `Selected ${shortDayLabel(a!)} to ${shortDayLabel(b!)}. Choose a status and Apply.`
        : `Start: ${shortDayLabel(a!)}. Choose the end day, or Apply for this day alone.`,
    );
  };
  // The first or the last day to mark, typed or set by a pick on the calendar.
  const dateField = (
    name: "from" | "to",
    label: string,
    ref: RefObject<HTMLInputElement | null>,
    set: (day: string) => void,
  ) => (
    <Field
      ref={ref}
      label={label}
      name={name}
      type="date"
      required
      min={availability.window.first}
      max={availability.window.last}
      defaultValue={marked?.[name] ?? ""}
      onInput={(e) => set(e.currentTarget.value)}
    />
  );

  return (
    <div className="space-y-6 rounded-[var(--radius-card)] bg-white p-4 shadow-card sm:p-6">
      <h2 className="text-2xl">Calendar</h2>
      <div className="max-w-2xl space-y-3">
        <div className="flex items-center justify-between gap-2">
          <MonthLink month={addMonths(month, -1)} label="Previous month" {...{ availability, monthHref }}>
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </MonthLink>
          <h3 className="font-sans text-lg font-semibold" id="availability-month">
            {monthLabel(month)}
          </h3>
          <MonthLink month={addMonths(month, 1)} label="Next month" {...{ availability, monthHref }}>
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </MonthLink>
        </div>
        <p className="text-sm text-ink-soft">
          Choose a first and a last day on the calendar (arrow keys move between days, Enter chooses), or type
          the dates below; then choose a status and Apply. Days without a status are free.
        </p>
        <MonthGrid
          availability={availability}
          from={from}
          to={to}
          onPick={pick}
          onLeave={(day) => navigate(monthHref(monthOf(day)), { preventScrollReset: true })}
        />
        <p role="status" className="min-h-5 text-sm text-ink">
          {said}
        </p>
        <Legend />
      </div>

      <Form key={formKey} method="post" action={action} className="space-y-3" aria-labelledby="mark-dates">
        <h3 id="mark-dates" className="font-sans text-lg font-semibold">
          Mark dates
        </h3>
        <input type="hidden" name="intent" value="mark" />
        <input type="hidden" name="back" value={back} />
        <FormError message={error("mark")} />
        <div className="grid gap-3 sm:grid-cols-3">
          {dateField("from", "From", fromInput, setFrom)}
          {dateField("to", "To", toInput, setTo)}
          <SelectField
            label="Status"
            name="status"
            defaultValue={marked?.status || "booked"}
            options={(["booked", "held", "available"] as const).map((s) => ({
              value: s,
              label: STATUS_LABELS[s],
            }))}
          />
        </div>
        <Button type="submit">Apply</Button>
      </Form>

      <Section title="Coming up">
        {availability.upcoming.length === 0 ? (
          <p className="text-sm text-ink-soft">No held or booked dates from today on: every day is free.</p>
        ) : (
          <ul className="divide-y divide-sand rounded-lg border border-sand">
            {availability.upcoming.map((r) => (
              <li
                key={`${r.startsOn}-${r.status}`}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
              >
                <span className="text-sm">
                  <strong>{STATUS_LABELS[r.status]}</strong>{" "}
                  {r.startsOn === r.endsOn
                    ? shortDayLabel(r.startsOn)
                    : `${shortDayLabel(r.startsOn)} – ${shortDayLabel(r.endsOn)}`}
                  {r.source === "ics" ? <span className="text-muted"> (imported)</span> : null}
                  {/* Seen only here, by the venue's managers and admins (issue 41). */}
                  {r.note ? <span className="block text-ink-soft wrap-anywhere">{r.note}</span> : null}
                  {r.inquiry ? (
                    <span className="block">
                      Booked:{" "}
                      <Link
                        to={`${INBOX_PATH}/${r.inquiry.id}`}
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        {r.inquiry.name}&rsquo;s inquiry
                      </Link>
                    </span>
                  ) : null}
                </span>
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="mark" />
                  <input type="hidden" name="back" value={back} />
                  {/* Its days inside the calendar's window: what may be marked (ADR 030). */}
                  <input type="hidden" name="from" value={later(r.startsOn, availability.window.first)} />
                  <input type="hidden" name="to" value={earlier(r.endsOn, availability.window.last)} />
                  <input type="hidden" name="status" value="available" />
                  <Button type="submit" variant="ghost" size="sm">
                    Make available<span className="sr-only"> {shortDayLabel(r.startsOn)}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Closed every year">
        <Form method="post" action={action} className="space-y-3">
          <input type="hidden" name="intent" value="closures" />
          <input type="hidden" name="back" value={back} />
          <fieldset>
            <legend className="mb-2 text-sm text-ink-soft">
              Months the venue is closed every year (for example, every January): their days are never free.
            </legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {MONTH_NAMES.map((name, i) => (
                <label key={name} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="month"
                    value={i + 1}
                    defaultChecked={availability.closedMonths.includes(i + 1)}
                    className="h-4 w-4 accent-primary"
                  />
                  {name}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" variant="outline">
            Save closures
          </Button>
        </Form>
      </Section>

      <Section title="Import a calendar (.ics)">
        {reply?.ok && reply.preview ? (
          <div
            className="space-y-3 rounded-lg border border-primary/30 bg-primary-soft p-4"
            role="region"
            aria-label="Import preview"
          >
            <p className="text-sm">
              <strong>{reply.fileName}</strong> would mark <strong>{reply.preview.days}</strong>{" "}
              {reply.preview.days === 1 ? "day" : "days"} booked, from these events:
            </p>
            <ul className="max-h-64 space-y-1 overflow-y-auto text-sm">
              {reply.preview.events.map((e, i) => (
                <li key={i}>
                  <strong>{e.summary}</strong>:{" "}
                  {e.from === e.to
                    ? shortDayLabel(e.from)
                    : `${shortDayLabel(e.from)} – ${shortDayLabel(e.to)}`}
                  {e.occurrences > 1 ? ` (${e.occurrences} times)` : null}
                </li>
              ))}
            </ul>
            <Form method="post" action={action} className="flex flex-wrap gap-2">
              <input type="hidden" name="intent" value="ics-import" />
              <input type="hidden" name="back" value={back} />
              <input type="hidden" name="ranges" value={JSON.stringify(reply.preview.ranges)} />
              <Button type="submit">Mark {reply.preview.days} days booked</Button>
              <Link to={back} className={buttonClass("outline")}>
                Cancel
              </Link>
            </Form>
          </div>
        ) : null}
        <Form method="post" action={action} encType="multipart/form-data" className="space-y-3">
          <input type="hidden" name="back" value={back} />
          <FormError message={error("ics-preview") ?? error("ics-import")} />
          <Field
            label="Calendar file"
            name="file"
            type="file"
            accept=".ics,text/calendar"
            description="Exported from Google Calendar, Outlook or Apple Calendar. Its events from today to 24 months ahead become booked days; you see them before anything changes."
          />
          <Button type="submit" variant="outline">
            <Upload className="h-4 w-4" aria-hidden="true" /> Preview import
          </Button>
        </Form>
      </Section>

      <Section title="Calendar feed">
        <p className="text-sm text-ink-soft">
          Subscribe to this secret address in a calendar app to see the booked days. Anyone with it can read
          them: make a new one if it was shared by mistake (the old one stops working).
        </p>
        <Field
          label="Feed address"
          name="feed"
          readOnly
          value={availability.feedUrl}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={availability.feedUrl} />
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="feed-rotate" />
          <input type="hidden" name="back" value={back} />
          <Button type="submit" variant="outline">
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> Make a new address
          </Button>
        </Form>
      </Section>
    </div>
  );
}

/** Copies the feed's address (with scripts; without, the field selects itself for copying). */
function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [said, setSaid] = useState("");
  if (!hydrated) return null;
  return (
    <p className="flex items-center gap-3">
      <Button
        type="button"
        variant="outline"
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setSaid("Address copied."),
            () => setSaid("Could not copy: select the address and copy it."),
          )
        }
      >
        Copy address
      </Button>
      <span role="status" className="text-sm text-ink-soft">
        {said}
      </span>
    </p>
  );
}
