import { useState, type ReactNode } from "react";
import { Checkbox, CheckboxGroup, Field, SelectField } from "~/components/forms/fields";
import { SpecField } from "~/components/forms/spec-fields";
import { MapPin } from "~/components/ui/icons";
import { REGIONS } from "~/lib/catalog";
import { ALCOHOL, CATERING } from "~/lib/venue-facts";
import { MONTH_NAMES } from "~/lib/dates";
import type { FieldErrors } from "~/lib/validation/form";
import type { VenueFormValues } from "~/lib/validation/admin-venue";
import { FEE_ROWS, SITE_FIELDS } from "~/lib/validation/pricing-model";
import { FACT_FIELDS } from "~/lib/validation/venue-facts";
import { REQUIRED_MESSAGE } from "~/lib/validation/venue-submission";
import { VENUE_STATE } from "~/lib/venue-address";
import { VENUE_FIELDS, VENUE_SELECT_LABELS, type VenueFieldName } from "./field-specs";

// The venue form's field groups, each drawn from the field table (./field-specs.ts) in the
// form's order; venue-form.tsx puts them together for the submitter, the admin and the manager.

export type Choice = { id: string; name: string };

/** What every group reads: the values the form starts from and the errors it shows. */
export type GroupProps = { dv: Partial<VenueFormValues>; errors: FieldErrors };

/** A required field left empty says so on itself; the spec's message shows once, above. */
function fieldError(errors: FieldErrors, name: string, label: string): string | undefined {
  const error = errors[name];
  return error === REQUIRED_MESSAGE ? `${label} is required` : error;
}

/** One field of the table, with its value and its error. */
function VenueField({ name, dv, errors }: { name: VenueFieldName } & GroupProps) {
  const spec = VENUE_FIELDS[name];
  const error = spec.required ? fieldError(errors, name, spec.label) : errors[name];
  return <SpecField spec={spec} defaultValue={dv[name]} error={error} />;
}

/** The fields of the table named, in that order. */
function VenueFields({ names, ...props }: { names: VenueFieldName[] } & GroupProps) {
  return names.map((name) => <VenueField key={name} name={name} {...props} />);
}

const legendClass = "font-sans text-base font-semibold text-ink";

export function DetailsFields(props: GroupProps) {
  return <VenueFields names={["name", "description"]} {...props} />;
}

export function AddressFields(props: GroupProps) {
  const { dv, errors } = props;
  return (
    <fieldset className="space-y-4">
      <legend className={legendClass}>Address</legend>
      <VenueFields names={["addressLine1", "addressLine2"]} {...props} />
      <div className="grid gap-4 sm:grid-cols-3">
        <VenueFields names={["city"]} {...props} />
        {/* Always Colorado (spec): said as text, not as a field that cannot be changed. */}
        <dl className="space-y-1.5">
          <dt className="text-sm font-medium text-ink">State</dt>
          <dd className="text-ink sm:py-2.5">
            {VENUE_STATE}
            <input type="hidden" name="state" value={VENUE_STATE} />
          </dd>
        </dl>
        <VenueFields names={["postalCode"]} {...props} />
      </div>
      <SelectField
        label={VENUE_SELECT_LABELS.region}
        name="region"
        required
        placeholder="Select a region"
        defaultValue={dv.region ?? ""}
        options={REGIONS.map((r) => ({ value: r, label: r }))}
        error={fieldError(errors, "region", VENUE_SELECT_LABELS.region)}
      />
      <p className="flex items-start gap-2 text-sm text-muted">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        The address will be geocoded automatically to place the venue on the map.
      </p>
    </fieldset>
  );
}

const PRICE_TYPES = [
  ["single", "Single average price"],
  ["range", "Price range"],
] as const;

export function PriceFields(props: GroupProps) {
  const [priceType, setPriceType] = useState<"single" | "range">(props.dv.priceType ?? "single");
  return (
    <fieldset className="space-y-3">
      <legend className={legendClass}>Price</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2" role="radiogroup" aria-label="How you price events">
        {PRICE_TYPES.map(([value, label]) => (
          <label key={value} className="flex min-h-6 items-center gap-2 text-sm">
            <input
              type="radio"
              name="priceType"
              value={value}
              checked={priceType === value}
              onChange={() => setPriceType(value)}
              className="h-4 w-4 accent-primary"
            />
            {label}
          </label>
        ))}
      </div>
      {/* One place, whichever the choice: the field is updated, not replaced, as the choice changes. */}
      <VenueField name={priceType === "single" ? "price" : "priceRange"} {...props} />
    </fieldset>
  );
}

/** The admin's and the manager's: what the estimate for a guest count is worked out from. */
export function PricingModelFields(props: GroupProps) {
  const { dv, errors } = props;
  return (
    <fieldset className="space-y-3" data-testid="pricing-model">
      <legend className={legendClass}>Pricing model (optional)</legend>
      <p className="text-sm text-muted">
        Couples who search with a guest count see &lsquo;About $X for N guests&rsquo; worked out from these.
        Leave them blank to estimate from the price above.
      </p>
      <input type="hidden" name="pricingShown" value="1" />
      <div className="grid gap-4 sm:grid-cols-3">
        <VenueFields names={["pricingBaseFee", "pricingPerGuest", "pricingMinSpend"]} {...props} />
      </div>
      <CheckboxGroup
        label="Peak months"
        description="Months in which the peak surcharge applies."
        name="pricingPeakMonths"
        options={MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m }))}
        defaultValues={dv.pricingPeakMonths}
        error={errors.pricingPeakMonths}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <VenueFields names={["pricingPeakPercent", "pricingWeekdayPercent"]} {...props} />
      </div>
      <AllInFields {...props} />
    </fieldset>
  );
}

/** Whether any of the fields holds a value or an error: its fold opens. */
const holds = ({ dv, errors }: GroupProps, names: readonly string[]) =>
  names.some((n) => Boolean(dv[n as keyof typeof dv]) || Boolean(errors[n]));

/** A group folded away unless it holds a value or an error: a venue with one flat fee skips it. */
function Fold({ title, open, children }: { title: string; open: boolean; children: ReactNode }) {
  return (
    <details open={open} className="rounded-lg border border-sand p-4 [&[open]>summary]:mb-4">
      <summary className="cursor-pointer font-medium text-ink">{title}</summary>
      <div className="space-y-4">{children}</div>
    </details>
  );
}

/** What makes the estimate all-in (issue 43): day rates, the minimum's rule, service, tax and fees. */
function AllInFields(props: GroupProps) {
  const { dv, errors } = props;
  const feeNames = FEE_ROWS.flatMap((r) => [r.name, r.amount]);
  return (
    <>
      <Fold
        title="Site fee by day and the minimum"
        open={holds(props, SITE_FIELDS) || dv.pricingMinimumOn === "perGuest"}
      >
        <p className="text-sm text-muted">A day left blank takes the base rental fee.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <VenueFields names={SITE_FIELDS} {...props} />
        </div>
        <SelectField
          label="The minimum spend counts"
          name="pricingMinimumOn"
          defaultValue={dv.pricingMinimumOn ?? "all"}
          options={[
            { value: "all", label: "The site fee and the per-guest spend" },
            { value: "perGuest", label: "The per-guest spend only (food and drink)" },
          ]}
        />
      </Fold>
      <Fold
        title="Service charge, tax and mandatory fees"
        open={holds(props, ["pricingServicePercent", "pricingTaxPercent", ...feeNames])}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <VenueFields names={["pricingServicePercent", "pricingTaxPercent"]} {...props} />
        </div>
        <Checkbox
          label="The service charge applies to the minimum when the spend is under it"
          name="pricingServiceOnMinimum"
          value="1"
          defaultChecked={dv.pricingServiceOnMinimum === "1"}
        />
        {FEE_ROWS.map((row, i) => (
          <div key={row.name} className="grid gap-4 sm:grid-cols-3">
            <Field
              label={`Fee ${i + 1}: name`}
              name={row.name}
              maxLength={60}
              placeholder={i === 0 ? "Cleaning" : undefined}
              defaultValue={dv[row.name] ?? ""}
              error={errors[row.name]}
            />
            <Field
              label={`Fee ${i + 1}: amount (USD)`}
              name={row.amount}
              inputMode="numeric"
              defaultValue={dv[row.amount] ?? ""}
              error={errors[row.amount]}
            />
            <SelectField
              label={`Fee ${i + 1}: charged`}
              name={row.per}
              defaultValue={dv[row.per] ?? "event"}
              options={[
                { value: "event", label: "Once per event" },
                { value: "guest", label: "Per guest" },
              ]}
            />
          </div>
        ))}
      </Fold>
    </>
  );
}

const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The admin's and the manager's: capacity by layout and the house rules (issue 43). */
export function FactsFields(props: GroupProps) {
  const { dv, errors } = props;
  return (
    <Fold title="Capacity by layout and house rules (optional)" open={holds(props, FACT_FIELDS)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <VenueFields names={["factsSeated", "factsStanding", "factsCeremony", "factsRainPlan"]} {...props} />
        <VenueFields names={["factsCurfew", "factsNoiseLimit"]} {...props} />
        {(
          [
            ["factsCatering", "Outside catering", CATERING],
            ["factsAlcohol", "Alcohol", ALCOHOL],
          ] as const
        ).map(([name, label, choices]) => (
          <SelectField
            key={name}
            label={label}
            name={name}
            placeholder="Not stated"
            defaultValue={dv[name] ?? ""}
            options={optionsOf(choices)}
            error={errors[name]}
          />
        ))}
        <VenueFields names={["factsElevation", "factsAccess"]} {...props} />
      </div>
    </Fold>
  );
}

export function CapacityAndTypeFields({
  venueTypes,
  venueTypesError,
  ...props
}: GroupProps & { venueTypes: Choice[]; venueTypesError?: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <VenueFields names={["capacity"]} {...props} />
      <SelectField
        label={VENUE_SELECT_LABELS.category}
        name="category"
        required
        defaultValue={props.dv.category ?? ""}
        disabled={venueTypes.length === 0}
        placeholder={venueTypes.length === 0 ? "No venue types available" : "Select a venue type"}
        options={venueTypes.map((c) => ({ value: c.id, label: c.name }))}
        description={venueTypesError ? <span className="text-danger">{venueTypesError}</span> : undefined}
        error={fieldError(props.errors, "category", VENUE_SELECT_LABELS.category)}
      />
    </div>
  );
}

export function AmenitiesField({
  amenities,
  amenitiesError,
  dv,
  errors,
}: GroupProps & { amenities: Choice[]; amenitiesError?: string }) {
  if (amenitiesError) return <p className="text-sm text-danger">{amenitiesError}</p>;
  if (amenities.length === 0) return null;
  return (
    <div className="max-h-64 overflow-y-auto rounded-lg border border-sand p-4">
      <CheckboxGroup
        label="Amenities"
        name="amenities"
        options={amenities.map((a) => ({ value: a.name, label: a.name }))}
        defaultValues={dv.amenities}
        error={errors.amenities}
      />
    </div>
  );
}

export function WebsiteField(props: GroupProps) {
  return <VenueFields names={["website"]} {...props} />;
}

export function ContactFields(props: GroupProps) {
  return (
    <fieldset className="space-y-3">
      <legend className={legendClass}>Contact</legend>
      <p className="text-sm text-muted">Shown on the venue page so couples can reach you.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <VenueFields names={["phone", "email"]} {...props} />
      </div>
    </fieldset>
  );
}

/** The admin's extra fields: coordinates typed in by hand. */
export function CoordinateFields(props: GroupProps) {
  const { dv } = props;
  return (
    <fieldset className="space-y-3">
      <legend className={legendClass}>Map position</legend>
      <p className="text-sm text-muted">
        Leave both blank to place the venue from its address. Type both to correct a rough position.
      </p>
      {/* What the fields were pre-filled with: left as they are, they do not hold a changed address's pin. */}
      <input type="hidden" name="shownLatitude" value={dv.latitude ?? ""} />
      <input type="hidden" name="shownLongitude" value={dv.longitude ?? ""} />
      <div className="grid gap-4 sm:grid-cols-2">
        <VenueFields names={["latitude", "longitude"]} {...props} />
      </div>
    </fieldset>
  );
}
