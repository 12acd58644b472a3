import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { Checkbox, FormError } from "~/components/forms/fields";
import { SpecField, type FieldSpec } from "~/components/forms/spec-fields";
import { lazySchema, useValidatedForm } from "~/components/forms/use-validated-form";
import { useOnSuccess } from "~/components/back-office/use-on-success";
import { useEachNew } from "~/components/forms/use-each-new";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { LoaderCircle } from "~/components/ui/icons";
import { searchWindow } from "~/lib/dates";
import { NO_CONTEXT, withContext, type CoupleContext } from "~/lib/couple-context";
import {
  inquirySentMessage,
  maxGuestsFor,
  type InquiryForm,
  type InquiryFormLoad,
  type InquiryReply,
} from "~/lib/inquiries";
import { INQUIRY_MESSAGE_MAX } from "~/lib/validation/limits";
import { inquiryFormPath } from "~/lib/venue-url";

// The inquiry form (issue 23): in the venue page's dialog once the script runs, and on its own
// page (/venue/{slug}/inquiry) before or without it. The same fields, the same schema (built
// for the venue's capacity and Colorado's today), the same action.

type InquiryFormData = InquiryForm;

// Field names the action reads (services/couple-inquiries.server.ts: HONEYPOT_FIELD, STAMP_FIELD).
const HONEYPOT = "website";
const STAMP = "formStamp";

/** The text fields (rendered through the form kit's table helper, components/forms/spec-fields). */
const FIELDS = {
  name: { name: "name", label: "Your name", autoComplete: "name", maxLength: 100 },
  email: { name: "email", label: "Email", type: "email", autoComplete: "email" },
  phone: { name: "phone", label: "Phone (optional)", type: "tel", autoComplete: "tel", maxLength: 40 },
  guests: { name: "guests", label: "Guests", type: "number", inputMode: "numeric", min: 1 },
  weddingDate: { name: "weddingDate", label: "Wedding date (optional)", type: "date" },
  message: {
    name: "message",
    label: "Message",
    multiline: true,
    rows: 5,
    maxLength: INQUIRY_MESSAGE_MAX,
    placeholder: "Tell the venue about your plans and what you would like to know.",
  },
} satisfies Record<string, FieldSpec>;

function InquiryFields({
  form,
  reply,
  errors,
  pending,
}: {
  form: InquiryFormData;
  reply: InquiryReply | undefined;
  errors: Record<string, string | undefined>;
  pending: boolean;
}) {
  const values = reply?.values ?? {};
  const prefill = form.prefill;
  // The search's date and guests (issue 41) until the couple has sent the form once.
  const asked = reply?.values ? undefined : form.asked;
  const maxGuests = maxGuestsFor(form.venue.capacity);
  return (
    <>
      <FormError message={errors.form} />
      <input type="hidden" name={STAMP} value={reply?.stamp ?? form.stamp} />
      {/* The honeypot: off-screen and out of the tab order; people leave it empty, scripts fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SpecField spec={FIELDS.name} defaultValue={values.name ?? prefill?.name} error={errors.name} />
        <SpecField spec={FIELDS.email} defaultValue={values.email ?? prefill?.email} error={errors.email} />
        <SpecField spec={FIELDS.phone} defaultValue={values.phone} error={errors.phone} />
        <SpecField
          spec={FIELDS.guests}
          max={maxGuests}
          defaultValue={values.guests ?? (asked?.guests ? String(asked.guests) : undefined)}
          error={errors.guests}
          description={
            form.venue.capacity ? `The venue holds up to ${form.venue.capacity} guests.` : undefined
          }
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="sr-only">Wedding date</legend>
        <SpecField
          spec={FIELDS.weddingDate}
          min={form.today}
          max={searchWindow(form.today).last}
          defaultValue={values.weddingDate ?? asked?.weddingDate ?? undefined}
          error={errors.weddingDate}
        />
        <Checkbox
          label="Flexible: we can move our date"
          name="dateFlexible"
          defaultChecked={!!values.dateFlexible || !!asked?.dateFlexible}
        />
      </fieldset>
      <SpecField spec={FIELDS.message} defaultValue={values.message} error={errors.message} />
      <div className="space-y-3">
        <Button type="submit" pending={pending} className="w-full sm:w-auto">
          {pending ? "Sending..." : "Send inquiry"}
        </Button>
        <p className="text-xs text-muted">
          Your inquiry goes to {form.venue.name}, who answer by email. You get a copy.
        </p>
      </div>
    </>
  );
}

const formClass = "relative space-y-5";

/** The form's schema, built for the venue's capacity and the day; it loads with zod when the form is first used. */
function useInquirySchema(form: InquiryFormData) {
  return useMemo(
    () =>
      lazySchema(() =>
        import("~/lib/validation/inquiry").then((m) => m.inquirySchema(form.venue.capacity, form.today)),
      ),
    [form],
  );
}

/**
 * After a refused send, the person lands on what to fix: the first field with an error takes the
 * focus, or a message about the whole form comes into view.
 */
function useShowFirstError(errors: Record<string, string | undefined>) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else form.current?.querySelector('[role="alert"]')?.scrollIntoView({ block: "nearest" });
  }, [errors]);
  return form;
}

/**
 * The form on its own page: a plain post, answered with a redirect or the page with its errors.
 * With the script (issue 41), a sent inquiry empties the form and says so where the focus goes;
 * Send is off until the answer and the fresh form (its new stamp) are in, so a second click
 * cannot send it twice.
 */
export function InquiryPageForm({ form, reply }: { form: InquiryFormData; reply: InquiryReply | undefined }) {
  const schema = useInquirySchema(form);
  const { errors, onSubmit, onFocus } = useValidatedForm(schema, reply);
  const ref = useShowFirstError(errors);
  const navigation = useNavigation();
  const [sent, setSent] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  useEachNew(reply?.ok ? reply : null, (r) => {
    ref.current?.reset();
    setSent(r.toast?.message ?? inquirySentMessage(form.venue.name));
  });
  useEffect(() => {
    if (sent) status.current?.focus();
  }, [sent]);
  return (
    <Form
      ref={ref}
      method="post"
      noValidate
      className={formClass}
      onSubmit={(e) => {
        setSent(null);
        onSubmit(e);
      }}
      onFocus={onFocus}
    >
      {sent ? (
        <p
          ref={status}
          role="status"
          tabIndex={-1}
          className="rounded-lg border border-primary/30 bg-primary-soft/60 px-3.5 py-2.5 text-sm text-primary-dark"
        >
          {`${sent}. They answer by email; the form is empty again for another question.`}
        </p>
      ) : null}
      <InquiryFields form={form} reply={reply} errors={errors} pending={navigation.state !== "idle"} />
    </Form>
  );
}

/**
 * The venue page's dialog: each opening loads a fresh form (its signed time, and a signed-in
 * couple's name and email), so nothing personal is ever in the cached venue page. A sent inquiry
 * closes it with the toast 'Your inquiry was sent to {venue}'; a refusal keeps what was typed.
 */
export function InquiryDialog({
  venue,
  context = NO_CONTEXT,
  open,
  onClose,
}: {
  venue: { id: string; name: string };
  /** The page's date and guests, which the form fills in (issue 41). */
  context?: CoupleContext;
  open: boolean;
  onClose: () => void;
}) {
  const path = withContext(inquiryFormPath(venue), context);
  const loaded = useFetcher<InquiryFormLoad>();
  const sender = useFetcher<InquiryReply>();
  const { load } = loaded;
  useEffect(() => {
    if (open) void load(path);
  }, [open, path, load]);
  useToast(sender.data?.toast);
  useOnSuccess(sender, onClose);

  const data = loaded.data;
  let body: ReactNode;
  if (data && "stamp" in data) body = <DialogForm form={data} sender={sender} action={path} />;
  else if (data && "failed" in data && loaded.state === "idle")
    body = (
      <div className="mt-6 space-y-4">
        <p role="alert" className="text-danger">
          {data.failed}
        </p>
        <Button variant="outline" onClick={() => void load(path)}>
          Try again
        </Button>
      </div>
    );
  else
    body = (
      <p role="status" className="mt-6 flex items-center gap-2 text-ink-soft">
        <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" /> Loading the form...
      </p>
    );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Check availability"
      description={`Ask ${venue.name} about your date, your guests or anything else.`}
      className="max-w-xl"
    >
      {body}
    </Dialog>
  );
}

function DialogForm({
  form,
  sender,
  action,
}: {
  form: InquiryFormData;
  sender: ReturnType<typeof useFetcher<InquiryReply>>;
  action: string;
}) {
  const schema = useInquirySchema(form);
  const reply = sender.data?.ok === false ? sender.data : undefined;
  const { errors, onSubmit, onFocus } = useValidatedForm(schema, reply);
  const ref = useShowFirstError(errors);
  return (
    <sender.Form
      ref={ref}
      method="post"
      action={action}
      noValidate
      className={`mt-6 ${formClass}`}
      onSubmit={onSubmit}
      onFocus={onFocus}
    >
      <InquiryFields form={form} reply={reply} errors={errors} pending={sender.state !== "idle"} />
    </sender.Form>
  );
}
