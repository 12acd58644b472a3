import { useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { FormError } from "~/components/forms/fields";
import { UploadProgress, useUploadProgress } from "~/components/forms/upload-progress";
import { NO_ERRORS, schemaErrors, useFieldErrors } from "~/components/forms/use-validated-form";
import { useEachNew } from "~/components/forms/use-each-new";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { useDialog } from "~/components/ui/dialog";
import type { Toast } from "~/lib/toast";
import type { FieldErrors } from "~/lib/validation/form";
import { adminVenueSchema, adminVenueValues, type VenueFormValues } from "~/lib/validation/admin-venue";
import { REQUIRED_MESSAGE, submissionValues, venueSubmissionSchema } from "~/lib/validation/venue-submission";
import { ImagesField, LogoField, useVenueFiles } from "./venue-files";
import {
  AddressFields,
  AmenitiesField,
  CapacityAndTypeFields,
  ContactFields,
  CoordinateFields,
  DetailsFields,
  PriceFields,
  FactsFields,
  PricingModelFields,
  WebsiteField,
  type Choice,
} from "./venue-fields";

export type { Choice };

// The venue form (spec: 'Venue submission dialog'): every field of a submission, checked in the
// browser with the schema the server runs (a message goes as soon as its field is corrected),
// images checked as they are chosen (HEIC, type by content, 5MB, at most 10), and an upload's
// progress shown per file. Venue types and amenities come in as props, so the admin's 'Add Venue'
// can use the same form. With `admin`, it is the admin's form: every stored field (a manual
// latitude/longitude too), started from `defaultValues`, with the venue's stored images and
// logo kept or removed (edit). The venue manager's form is the admin's without the images.
// The fields come by group from ./venue-fields.tsx (the table: ./field-specs.ts), the images and
// the logo from ./venue-files.tsx.

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
  const files = useVenueFiles(storedImages, storedLogo);
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
    for (const picked of files.images) data.append("images", picked.file, picked.file.name);
    if (files.logo) data.append("logo", files.logo.file, files.logo.file.name);
    void uploads.send(action, data, () =>
      fetcher.submit(data, { method: "post", action, encType: "multipart/form-data" }),
    );
  };

  const group = { dv, errors };
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
      <DetailsFields {...group} />
      <AddressFields {...group} />
      <PriceFields {...group} />
      {admin ? <PricingModelFields {...group} /> : null}
      <CapacityAndTypeFields venueTypes={venueTypes} venueTypesError={venueTypesError} {...group} />
      {admin ? <FactsFields {...group} /> : null}
      <AmenitiesField amenities={amenities} amenitiesError={amenitiesError} {...group} />
      {withImages ? <ImagesField id={id} files={files} errors={errors} /> : null}
      <LogoField id={id} files={files} errors={errors} />
      <WebsiteField {...group} />
      <ContactFields {...group} />
      {admin ? <CoordinateFields {...group} /> : null}

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
