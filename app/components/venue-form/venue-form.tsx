import { ImageOff, ImagePlus, MapPin, X } from "~/components/ui/icons";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import {
  CheckboxGroup,
  Field,
  FormError,
  inputClass,
  SelectField,
  TextareaField,
} from "~/components/forms/fields";
import { UploadProgress, useUploadProgress } from "~/components/forms/upload-progress";
import { NO_ERRORS, schemaErrors, useFieldErrors } from "~/components/forms/use-validated-form";
import { useEachNew } from "~/components/forms/use-each-new";
import { showToast, useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { useDialog } from "~/components/ui/dialog";
import { REGIONS } from "~/lib/catalog";
import { MONTH_NAMES } from "~/lib/dates";
import type { Toast } from "~/lib/toast";
import { IMAGE_ACCEPT, chosenImageRefusal, fitToRoom, MAX_VENUE_IMAGES } from "~/lib/uploads";
import type { FieldErrors } from "~/lib/validation/form";
import { adminVenueSchema, adminVenueValues, type VenueFormValues } from "~/lib/validation/admin-venue";
import {
  REQUIRED_MESSAGE,
  submissionValues,
  VENUE_MAX,
  venueSubmissionSchema,
} from "~/lib/validation/venue-submission";
import { VENUE_STATE } from "~/lib/venue-address";

// The venue form (spec: 'Venue submission dialog'): every field of a submission, checked in the
// browser with the schema the server runs (a message goes as soon as its field is corrected),
// images checked as they are chosen (HEIC, type by content, 5MB, at most 10), and an upload's
// progress shown per file. Venue types and amenities come in as props, so the admin's 'Add Venue'
// can use the same form. With `admin`, it is the admin's form: every stored field (a manual
// latitude/longitude too), started from `defaultValues`, with the venue's stored images and
// logo kept or removed (edit). The venue manager's form is the admin's without the images.

export type Choice = { id: string; name: string };

/** What the submission action answers. */
export type SubmissionReply =
  | {
      ok: true;
      toast: Toast;
      notices: Toast[];
      redirectTo: string;
      venue: { id: string; name: string; path: string };
    }
  | { ok: false; errors?: FieldErrors; values?: Record<string, string>; toast?: Toast };

type Props = {
  action: string;
  venueTypes: Choice[];
  venueTypesError?: string;
  amenities: Choice[];
  amenitiesError?: string;
  submitLabel: string;
  pendingLabel?: string;
  /** The admin's form: coordinates too, checked with the admin schema. */
  admin?: boolean;
  defaultValues?: Partial<VenueFormValues>;
  /** The venue's stored images and logo (edit): kept unless removed here. */
  storedImages?: string[];
  storedLogo?: string | null;
  /**
   * false: no Images section (the venue manager's form; their photos are changed one at a time on
   * the edit page's Images tab, so a details save never drops one added meanwhile).
   */
  withImages?: boolean;
  onCancel?: () => void;
  onSubmitted: (reply: Extract<SubmissionReply, { ok: true }>) => void;
};

const LABELS: Record<string, string> = {
  name: "Venue Name",
  addressLine1: "Address Line 1",
  city: "City",
  postalCode: "Postal Code",
  region: "Region",
  category: "Venue Type",
};

/** A required field left empty says so on itself; the spec's message shows once, above. */
function fieldError(errors: FieldErrors, name: string): string | undefined {
  const error = errors[name];
  return error === REQUIRED_MESSAGE ? `${LABELS[name] ?? "This field"} is required` : error;
}

type Picked = { file: File; url: string };

function useObjectUrls(files: Picked[]) {
  const live = useRef(files);
  useEffect(() => {
    live.current = files;
  });
  useEffect(() => () => live.current.forEach((p) => URL.revokeObjectURL(p.url)), []);
}

export function VenueForm({
  action,
  venueTypes,
  venueTypesError,
  amenities,
  amenitiesError,
  submitLabel,
  pendingLabel = "Submitting...",
  admin = false,
  defaultValues: dv = {},
  storedImages = [],
  storedLogo = null,
  withImages = true,
  onCancel,
  onSubmitted,
}: Props) {
  const fetcher = useFetcher<SubmissionReply>();
  // In a dialog, Cancel asks before unsaved changes are thrown away, as closing it does.
  const cancel = useDialog()?.requestClose ?? onCancel;
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [priceType, setPriceType] = useState<"single" | "range">(dv.priceType ?? "single");
  const [keptImages, setKeptImages] = useState(storedImages);
  const [keptLogo, setKeptLogo] = useState(storedLogo);
  const [images, setImages] = useState<Picked[]>([]);
  const [logo, setLogo] = useState<Picked | null>(null);
  const [fileErrors, setFileErrors] = useState<{ images?: string; logo?: string }>({});
  useObjectUrls(logo ? [...images, logo] : images);

  const reply = fetcher.data;
  const pending = fetcher.state !== "idle";
  const check = (form: HTMLFormElement) =>
    admin
      ? schemaErrors(adminVenueSchema, adminVenueValues(new FormData(form)))
      : schemaErrors(venueSubmissionSchema, submissionValues(new FormData(form)));
  const { errors, onChange } = useFieldErrors(
    clientErrors ?? (reply && !reply.ok ? (reply.errors ?? NO_ERRORS) : NO_ERRORS),
    { check, fromCheck: clientErrors !== null },
  );
  const uploads = useUploadProgress();
  useToast(reply && !reply.ok ? reply.toast : null);

  useEachNew(reply?.ok ? reply : null, onSubmitted);

  const pickImages = async (list: FileList | null) => {
    // More than there is room for: the first ones that fit are kept, and the message says how many.
    const { kept, message } = fitToRoom([...(list ?? [])], keptImages.length + images.length);
    const messages: string[] = message ? [message] : [];
    const added: Picked[] = [];
    for (const file of kept) {
      const refused = await chosenImageRefusal(file);
      if (refused) messages.push(refused);
      else added.push({ file, url: URL.createObjectURL(file) });
    }
    setImages((current) => [...current, ...added].slice(0, MAX_VENUE_IMAGES - keptImages.length));
    setFileErrors((e) => ({ ...e, images: messages.join(". ") || undefined }));
    for (const message of messages) void showToast({ type: "error", message });
  };

  const pickLogo = async (list: FileList | null) => {
    const file = list?.[0];
    if (!file) return;
    const refused = await chosenImageRefusal(file);
    setFileErrors((e) => ({ ...e, logo: refused ?? undefined }));
    if (refused) return void showToast({ type: "error", message: refused });
    if (logo) URL.revokeObjectURL(logo.url);
    setLogo({ file, url: URL.createObjectURL(file) });
  };

  const removeImage = (index: number) => {
    setImages((current) => {
      URL.revokeObjectURL(current[index]!.url);
      return current.filter((_, i) => i !== index);
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = check(form);
    const first = Object.keys(found)[0];
    if (first) {
      setClientErrors(found);
      requestAnimationFrame(() =>
        form.querySelector<HTMLElement>(`[name="${first}"], [aria-invalid="true"]`)?.focus(),
      );
      return;
    }
    setClientErrors(null);
    const data = new FormData(form);
    data.delete("images");
    data.delete("logo");
    for (const picked of images) data.append("images", picked.file, picked.file.name);
    if (logo) data.append("logo", logo.file, logo.file.name);
    void uploads.send(action, data, () =>
      fetcher.submit(data, { method: "post", action, encType: "multipart/form-data" }),
    );
  };

  const missing = Object.values(errors).includes(REQUIRED_MESSAGE);
  const formError = errors.form ?? (missing ? REQUIRED_MESSAGE : undefined);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="mt-6 space-y-5"
    >
      <FormError message={formError} />
      <Field
        label="Venue Name"
        name="name"
        required
        maxLength={VENUE_MAX.name}
        autoComplete="organization"
        defaultValue={dv.name}
        error={fieldError(errors, "name")}
      />
      <TextareaField
        label="Description"
        name="description"
        rows={4}
        maxLength={VENUE_MAX.description}
        defaultValue={dv.description}
        description="What makes it special: the setting, the spaces, the season."
        error={errors.description}
      />

      <fieldset className="space-y-4">
        <legend className="font-sans text-base font-semibold text-ink">Address</legend>
        <Field
          label="Address Line 1"
          name="addressLine1"
          required
          autoComplete="address-line1"
          defaultValue={dv.addressLine1}
          error={fieldError(errors, "addressLine1")}
        />
        <Field
          label="Address Line 2 (optional)"
          name="addressLine2"
          autoComplete="address-line2"
          defaultValue={dv.addressLine2}
          error={errors.addressLine2}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="City"
            name="city"
            required
            autoComplete="address-level2"
            defaultValue={dv.city}
            error={fieldError(errors, "city")}
          />
          {/* Always Colorado (spec): said as text, not as a field that cannot be changed. */}
          <dl className="space-y-1.5">
            <dt className="text-sm font-medium text-ink">State</dt>
            <dd className="text-ink sm:py-2.5">
              {VENUE_STATE}
              <input type="hidden" name="state" value={VENUE_STATE} />
            </dd>
          </dl>
          <Field
            label="Postal Code"
            name="postalCode"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            defaultValue={dv.postalCode}
            error={fieldError(errors, "postalCode")}
          />
        </div>
        <SelectField
          label="Region"
          name="region"
          required
          placeholder="Select a region"
          defaultValue={dv.region ?? ""}
          options={REGIONS.map((r) => ({ value: r, label: r }))}
          error={fieldError(errors, "region")}
        />
        <p className="flex items-start gap-2 text-sm text-muted">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          The address will be geocoded automatically to place the venue on the map.
        </p>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="font-sans text-base font-semibold text-ink">Price</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2" role="radiogroup" aria-label="How you price events">
          {(
            [
              ["single", "Single average price"],
              ["range", "Price range"],
            ] as const
          ).map(([value, label]) => (
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
        {priceType === "single" ? (
          <Field
            label="Average price per event (USD)"
            name="price"
            inputMode="numeric"
            placeholder="4500"
            defaultValue={dv.price}
            error={errors.price}
          />
        ) : (
          <Field
            label="Your price range"
            name="priceRange"
            placeholder="$2,000-5,000"
            maxLength={100}
            defaultValue={dv.priceRange}
            error={errors.priceRange}
          />
        )}
      </fieldset>

      {admin ? (
        <fieldset className="space-y-3" data-testid="pricing-model">
          <legend className="font-sans text-base font-semibold text-ink">Pricing model (optional)</legend>
          <p className="text-sm text-muted">
            Couples who search with a guest count see &lsquo;About $X for N guests&rsquo; worked out from
            these. Leave them blank to estimate from the price above.
          </p>
          <input type="hidden" name="pricingShown" value="1" />
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              label="Base rental fee (USD)"
              name="pricingBaseFee"
              inputMode="numeric"
              placeholder="4000"
              defaultValue={dv.pricingBaseFee}
              error={errors.pricingBaseFee}
            />
            <Field
              label="Price per guest (USD)"
              name="pricingPerGuest"
              inputMode="numeric"
              placeholder="85"
              defaultValue={dv.pricingPerGuest}
              error={errors.pricingPerGuest}
            />
            <Field
              label="Minimum spend (USD)"
              name="pricingMinSpend"
              inputMode="numeric"
              placeholder="10000"
              defaultValue={dv.pricingMinSpend}
              error={errors.pricingMinSpend}
            />
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
            <Field
              label="Peak-month surcharge (%)"
              name="pricingPeakPercent"
              inputMode="numeric"
              placeholder="20"
              defaultValue={dv.pricingPeakPercent}
              error={errors.pricingPeakPercent}
            />
            <Field
              label="Weekday discount, Monday to Thursday (%)"
              name="pricingWeekdayPercent"
              inputMode="numeric"
              placeholder="15"
              defaultValue={dv.pricingWeekdayPercent}
              error={errors.pricingWeekdayPercent}
            />
          </div>
        </fieldset>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Capacity (guests)"
          name="capacity"
          type="number"
          min={0}
          inputMode="numeric"
          defaultValue={dv.capacity}
          error={errors.capacity}
        />
        <SelectField
          label="Venue Type"
          name="category"
          required
          defaultValue={dv.category ?? ""}
          disabled={venueTypes.length === 0}
          placeholder={venueTypes.length === 0 ? "No venue types available" : "Select a venue type"}
          options={venueTypes.map((c) => ({ value: c.id, label: c.name }))}
          description={venueTypesError ? <span className="text-danger">{venueTypesError}</span> : undefined}
          error={fieldError(errors, "category")}
        />
      </div>

      {amenitiesError ? (
        <p className="text-sm text-danger">{amenitiesError}</p>
      ) : amenities.length > 0 ? (
        <div className="max-h-64 overflow-y-auto rounded-lg border border-sand p-4">
          <CheckboxGroup
            label="Amenities"
            name="amenities"
            options={amenities.map((a) => ({ value: a.name, label: a.name }))}
            defaultValues={dv.amenities}
            error={errors.amenities}
          />
        </div>
      ) : null}

      {withImages ? (
        <div className="space-y-2">
          <label htmlFor={`${id}-images`} className="block text-sm font-medium text-ink">
            Images
          </label>
          {/* The one place that says how many: a full form and a choice of too many say what is left. */}
          <p id={`${id}-images-help`} className="text-xs text-muted">
            Up to {MAX_VENUE_IMAGES} images: JPG, PNG, GIF or WebP, 5MB each. 1200x800 or larger looks best.
          </p>
          {keptImages.length > 0 ? (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Current images">
              {keptImages.map((url, i) => (
                <li key={url} className="relative aspect-[3/2] overflow-hidden rounded-lg bg-cream">
                  <input type="hidden" name="keepImages" value={url} />
                  <img src={url} alt={`Current image ${i + 1}`} className="h-full w-full object-cover" />
                  <button
                    type="button"
                    onClick={() => setKeptImages((current) => current.filter((u) => u !== url))}
                    className="absolute right-1 top-1 cursor-pointer rounded-full bg-white/90 p-1 text-ink shadow-card hover:bg-white"
                    aria-label={`Remove current image ${i + 1}`}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {images.length > 0 ? (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Chosen images">
              {images.map((p, i) => (
                <li key={p.url} className="relative aspect-[3/2] overflow-hidden rounded-lg bg-cream">
                  <Thumbnail url={p.url} name={p.file.name} />
                  <button
                    type="button"
                    onClick={() => removeImage(i)}
                    className="absolute right-1 top-1 cursor-pointer rounded-full bg-white/90 p-1 text-ink shadow-card hover:bg-white"
                    aria-label={`Remove ${p.file.name}`}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {keptImages.length + images.length < MAX_VENUE_IMAGES ? (
            <FilePicker
              id={`${id}-images`}
              name="images"
              multiple
              label={keptImages.length + images.length ? "Add more images" : "Choose images"}
              describedBy={`${id}-images-help${fileErrors.images || errors.images ? ` ${id}-images-error` : ""}`}
              onPick={(files) => void pickImages(files)}
            />
          ) : (
            <p className="text-sm text-muted">Remove an image to add another.</p>
          )}
          {fileErrors.images || errors.images ? (
            <p id={`${id}-images-error`} role="alert" className="text-sm text-danger">
              {fileErrors.images ?? errors.images}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="space-y-2">
        <label htmlFor={`${id}-logo`} className="block text-sm font-medium text-ink">
          Logo
        </label>
        <p id={`${id}-logo-help`} className="text-xs text-muted">
          One square image; a transparent PNG works best.
        </p>
        <div className="flex items-center gap-3">
          {keptLogo && !logo ? (
            <span className="relative h-16 w-16 overflow-hidden rounded-lg border border-sand bg-white">
              <input type="hidden" name="keepLogo" value={keptLogo} />
              <img src={keptLogo} alt="Current logo" className="h-full w-full object-contain" />
            </span>
          ) : null}
          {logo ? (
            <span className="relative h-16 w-16 overflow-hidden rounded-lg border border-sand bg-white">
              <img src={logo.url} alt={`Logo: ${logo.file.name}`} className="h-full w-full object-contain" />
            </span>
          ) : null}
          <FilePicker
            id={`${id}-logo`}
            name="logo"
            label={logo || keptLogo ? "Replace logo" : "Choose a logo"}
            describedBy={`${id}-logo-help${fileErrors.logo || errors.logo ? ` ${id}-logo-error` : ""}`}
            onPick={(files) => void pickLogo(files)}
          />
          {logo ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                URL.revokeObjectURL(logo.url);
                setLogo(null);
              }}
            >
              Remove
            </Button>
          ) : keptLogo ? (
            <Button variant="ghost" size="sm" onClick={() => setKeptLogo(null)}>
              Remove logo
            </Button>
          ) : null}
        </div>
        {fileErrors.logo || errors.logo ? (
          <p id={`${id}-logo-error`} role="alert" className="text-sm text-danger">
            {fileErrors.logo ?? errors.logo}
          </p>
        ) : null}
      </div>

      <Field
        label="Website"
        name="website"
        inputMode="url"
        autoComplete="url"
        placeholder="www.yourvenue.com"
        defaultValue={dv.website}
        error={errors.website}
      />

      <fieldset className="space-y-3">
        <legend className="font-sans text-base font-semibold text-ink">Contact</legend>
        <p className="text-sm text-muted">Shown on the venue page so couples can reach you.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Phone (optional)"
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={40}
            defaultValue={dv.phone}
            error={errors.phone}
          />
          <Field
            label="Email (optional)"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={dv.email}
            error={errors.email}
          />
        </div>
      </fieldset>

      {admin ? <AdminFields errors={errors} defaultValues={dv} /> : null}

      <UploadProgress upload={uploads.upload} failed={reply?.ok !== true} />

      <div className="flex flex-col-reverse gap-3 border-t border-sand pt-5 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={cancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** A stored venue as its edit form starts from it (the admin's, the manager's, the owner's). */
type StoredVenue = {
  id: string;
  values: Partial<VenueFormValues>;
  images: string[];
  logoUrl: string | null;
};

/** The venue form of a stored venue: its values, photos and logo, saved with 'Save Changes'. */
export function VenueEditForm({
  venue,
  choices,
  ...props
}: {
  venue: StoredVenue;
  choices: { venueTypes: Choice[]; amenities: Choice[] };
} & Pick<Props, "action" | "admin" | "withImages" | "onCancel" | "onSubmitted">) {
  return (
    <VenueForm
      key={venue.id}
      venueTypes={choices.venueTypes}
      amenities={choices.amenities}
      defaultValues={venue.values}
      storedImages={venue.images}
      storedLogo={venue.logoUrl}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      {...props}
    />
  );
}

/** A chosen image's preview; one the browser cannot draw shows its name instead of a broken image. */
function Thumbnail({ url, name }: { url: string; name: string }) {
  const [broken, setBroken] = useState(false);
  return broken ? (
    <span className="flex h-full w-full flex-col items-center justify-center gap-1 p-1 text-center text-xs text-muted">
      <ImageOff className="h-5 w-5" aria-hidden="true" />
      <span className="w-full truncate">{name}</span>
    </span>
  ) : (
    <img src={url} alt={name} className="h-full w-full object-cover" onError={() => setBroken(true)} />
  );
}

/** A file input styled as a button; what was picked lives in the form's state, not the input. */
function FilePicker({
  id,
  name,
  label,
  multiple,
  describedBy,
  onPick,
}: {
  id: string;
  name: string;
  label: string;
  multiple?: boolean;
  describedBy: string;
  onPick: (files: FileList | null) => void;
}) {
  return (
    <span className="relative inline-flex">
      <input
        id={id}
        name={name}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        aria-describedby={describedBy}
        className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
        onChange={(e) => {
          onPick(e.currentTarget.files);
          e.currentTarget.value = "";
        }}
      />
      <span
        aria-hidden="true"
        className={`${inputClass} inline-flex w-auto items-center gap-2 font-medium text-primary peer-focus-visible:ring-2 peer-focus-visible:ring-primary/40`}
      >
        <ImagePlus className="h-4 w-4" /> {label}
      </span>
    </span>
  );
}

/** The admin's extra fields: coordinates typed in by hand. */
function AdminFields({
  errors,
  defaultValues: dv,
}: {
  errors: FieldErrors;
  defaultValues: Partial<VenueFormValues>;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="font-sans text-base font-semibold text-ink">Map position</legend>
      <p className="text-sm text-muted">
        Leave both blank to place the venue from its address. Type both to correct a rough position.
      </p>
      {/* What the fields were pre-filled with: left as they are, they do not hold a changed address's pin. */}
      <input type="hidden" name="shownLatitude" value={dv.latitude ?? ""} />
      <input type="hidden" name="shownLongitude" value={dv.longitude ?? ""} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Latitude"
          name="latitude"
          inputMode="decimal"
          placeholder="39.739236"
          defaultValue={dv.latitude}
          error={errors.latitude}
        />
        <Field
          label="Longitude"
          name="longitude"
          inputMode="decimal"
          placeholder="-104.990251"
          defaultValue={dv.longitude}
          error={errors.longitude}
        />
      </div>
    </fieldset>
  );
}
