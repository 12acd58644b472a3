import { shortDayLabel } from "~/lib/dates";
import { timeLabel, type TourDay } from "~/lib/tours";

/**
 * The free visits as radio buttons, one group per day (plain HTML: one form posts the one chosen).
 * `checked` is the visit already chosen (a visit's page shows the others).
 */
export function TourSlots({ days, checked }: { days: TourDay[]; checked?: string }) {
  if (days.length === 0) return <p className="text-muted">No free times on these days.</p>;
  return (
    <div className="space-y-4">
      {days.map((d, i) => (
        <fieldset key={d.day}>
          <legend className="font-medium">{shortDayLabel(d.day)}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {d.slots.map((s, k) => (
              <label
                key={s.startsAt}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-sand px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
              >
                <input
                  type="radio"
                  name="slot"
                  value={s.startsAt}
                  required={i === 0 && k === 0}
                  defaultChecked={s.startsAt === checked}
                />
                {timeLabel(s.minutes)}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
