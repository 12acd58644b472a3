import type * as z from "zod/mini";
import { ArrowLeft, MessageSquareReply, SearchX } from "~/components/ui/icons";
import { data, useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/inquiry";
import { EmptyState, Panel } from "~/components/back-office/page";
import { FormError, TextareaField } from "~/components/forms/fields";
import { InquiryStatusBadge } from "~/components/inquiries/inquiry-status";
import { InquiryThread } from "~/components/inquiries/inquiry-thread";
import { useMessageBox } from "~/components/inquiries/use-message-box";
import { useToast } from "~/components/layout/use-toast";
import { Button, ButtonLink } from "~/components/ui/button";
import { isDocumentRequest, keepValues } from "~/infra/form.server";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { keepWork } from "~/lib/failed-request";
import { formAction, type ActionContext } from "~/infra/action.server";
import {
  INBOX_PATH,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  CONTACT_ERASED,
  bookingMessages,
  isContactErased,
  inquiryRefusals,
  weddingDateLabel,
  type InquiryDay,
} from "~/lib/inquiries";
import { managerMeta } from "~/lib/manager";
import type { Toast } from "~/lib/toast";
import type { FieldErrors, FormReply } from "~/lib/validation/form";
import {
  DECLINE_MAX,
  INQUIRY_REPLY_MAX,
  inquiryActionSchema,
  inquiryMessages,
} from "~/lib/validation/inquiry";
import { formatReviewDate } from "~/lib/venue";
import { getInquiry, replyToInquiry, setInquiryStatus } from "~/services/inquiries.server";
import { blockInquiryDay, inquiryDay, unblockInquiryDay } from "~/services/inquiry-booking.server";
import { MANAGE_VENUE_MESSAGE } from "~/services/permissions.server";

// One inquiry of the inbox (issue 23, item 2): what the couple asked, the conversation (issue 41:
// the answers sent and the couple's from their account), a reply box that sends the answer by email (Reply-To the manager, ADR 028) and keeps it here, and the
// status set with one click. Both are plain forms, so they work before and without the script.
// Another venue's inquiry goes back to the dashboard with the area's message, as another venue's
// page does (ADR 016); its writes answer 403.

export const meta: Route.MetaFunction = ({ data: d }) =>
  managerMeta(d && d.inquiry ? `Inquiry from ${d.inquiry.name}` : inquiryRefusals.notFound);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const found = await getInquiry(app.db, expectUser(context), params.inquiryId);
  if (!found.ok && found.reason === "forbidden")
    throw await redirectWithToast(app, request, "/venue-manager/dashboard", {
      type: "error",
      message: MANAGE_VENUE_MESSAGE,
    });
  if (!found.ok) return data({ inquiry: null, replies: [], day: null }, { status: 404 });
  const day = await inquiryDay(app.db, expectUser(context), params.inquiryId);
  return { inquiry: found.inquiry, replies: found.replies, day };
}

type Reply = FormReply & { toast?: Toast };

const FAILURES = {
  status: "Failed to update inquiry",
  reply: "Failed to send reply",
  decline: "Failed to decline",
  block: "Failed to block the date",
  unblock: "Failed to free the date",
};

type Input = z.infer<typeof inquiryActionSchema>;
type Outcome = { ok: true; message: string } | { ok: false; status: number; error: string };

/**
 * Each intent's change and its toast. 'Mark as booked' with its box ticked also blocks the
 * wedding date in the calendar (issue 41), undone by 'unblock'.
 */
async function change({ app, actor, params }: ActionContext, input: Input): Promise<Outcome> {
  const id = params.inquiryId;
  switch (input.intent) {
    case "status": {
      const r = await setInquiryStatus(app.db, actor, id, input.status, app);
      if (!r.ok) return r;
      const message = `Marked as ${INQUIRY_STATUS_LABELS[input.status].toLowerCase()}`;
      if (input.status !== "booked" || input.block !== "1") return { ok: true, message };
      const b = await blockInquiryDay(app.db, actor, id);
      return {
        ok: true,
        message: b.ok ? `${message}: ${bookingMessages.blocked(b.day)}` : `${message}. ${b.error}`,
      };
    }
    case "block":
    case "unblock": {
      const r = await (input.intent === "block" ? blockInquiryDay : unblockInquiryDay)(app.db, actor, id);
      if (!r.ok) return r;
      const said = input.intent === "block" ? bookingMessages.blocked : bookingMessages.unblocked;
      return { ok: true, message: said(r.day) };
    }
    case "reply": {
      const r = await replyToInquiry(app, actor, id, input.reply);
      return r.ok ? { ok: true, message: "Your reply was sent" } : r;
    }
    case "decline": {
      const r = await replyToInquiry(app, actor, id, input.reason, true);
      return r.ok ? { ok: true, message: "Declined: your sentence was sent" } : r;
    }
  }
}

/** A refusal: the errors by field, what was typed, the toast with the first reason. */
const failed = ({ values, reply }: ActionContext, status: number, errors: FieldErrors, message: string) =>
  reply<Reply>(
    {
      ok: false,
      intent: values.intent,
      errors,
      values: keepValues(values),
      toast: { type: "error", message, description: errors.form ?? Object.values(errors)[0] },
    },
    status,
  );

export const action = formAction({
  schema: inquiryActionSchema,
  failures: FAILURES,
  invalid: ({ errors }, ctx) => failed(ctx, 400, errors, FAILURES.status),
  run: async (ctx) => {
    const { app, input, request, title } = ctx;
    const outcome = await change(ctx, input);
    if (!outcome.ok) return failed(ctx, outcome.status, { form: outcome.error }, title);
    const toast: Toast = { type: "success", message: outcome.message };
    if (isDocumentRequest(request))
      throw await redirectWithToast(app, request, new URL(request.url).pathname, toast);
    return data<Reply>({ ok: true, intent: input.intent, toast });
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>(FAILURES, FAILURES.status);

export default function InquiryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiry, replies, day } = loaderData;
  if (!inquiry)
    return (
      <Panel>
        <EmptyState
          icon={<SearchX className="h-10 w-10" aria-hidden="true" />}
          title={inquiryRefusals.notFound}
        >
          <ButtonLink to={INBOX_PATH} className="mt-4">
            Back to Inquiries
          </ButtonLink>
        </EmptyState>
      </Panel>
    );
  const erased = isContactErased(inquiry);
  const contact: { label: string; value: React.ReactNode }[] = [
    {
      label: "Email",
      value: (
        <a
          href={`mailto:${inquiry.email}`}
          className="text-primary underline-offset-4 wrap-anywhere hover:underline"
        >
          {inquiry.email}
        </a>
      ),
    },
    {
      label: "Phone",
      value: inquiry.phone ? (
        <a
          href={`tel:${inquiry.phone.replace(/[^\d+]/g, "")}`}
          className="text-primary underline-offset-4 hover:underline"
        >
          {inquiry.phone}
        </a>
      ) : (
        "Not given"
      ),
    },
  ];
  const details: { label: string; value: React.ReactNode }[] = [
    ...(erased ? [{ label: "Contact", value: CONTACT_ERASED }] : contact),
    { label: "Wedding date", value: weddingDateLabel(inquiry.weddingDate, inquiry.dateFlexible) },
    { label: "Guests", value: inquiry.guests ?? "Not given" },
    { label: "Received", value: formatReviewDate(inquiry.createdAt) },
  ];
  return (
    <div className="space-y-6">
      <ButtonLink to={INBOX_PATH} variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Inquiries
      </ButtonLink>
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl break-words">{inquiry.name}</h1>
          <InquiryStatusBadge status={inquiry.status} className="text-sm" />
        </div>
        <p className="text-ink-soft">
          Inquiry for{" "}
          <Link
            to={inquiry.venuePath}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {inquiry.venueName}
          </Link>
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0 space-y-6">
          <Panel className="p-6" labelledBy="inquiry-message">
            <h2 id="inquiry-message" className="text-xl">
              Message
            </h2>
            <p className="mt-3 whitespace-pre-line text-ink wrap-anywhere">{inquiry.message}</p>
          </Panel>
          <Panel className="p-6" labelledBy="inquiry-replies">
            <h2 id="inquiry-replies" className="text-xl">
              Conversation
            </h2>
            <InquiryThread
              replies={replies}
              viewer="venue"
              coupleName={inquiry.name}
              venueName={inquiry.venueName}
              empty="No answer sent from here yet."
            />
            {erased ? (
              <p className="mt-6 border-t border-sand pt-6 text-sm text-ink-soft">
                {inquiryRefusals.contactErased}
              </p>
            ) : (
              <ReplyForm to={inquiry.name} email={inquiry.email} reply={actionData} />
            )}
          </Panel>
        </div>
        {/* First on a phone: the date and guests before the reply box (issue 41, item 11). */}
        <div className="order-first space-y-6 lg:order-none">
          <Panel className="p-6" labelledBy="inquiry-details">
            <h2 id="inquiry-details" className="text-xl">
              Details
            </h2>
            <dl className="mt-3 space-y-2 text-sm">
              {details.map((d) => (
                <div key={d.label} className="flex justify-between gap-4">
                  <dt className="text-muted">{d.label}</dt>
                  <dd className="min-w-0 text-right text-ink">{d.value}</dd>
                </div>
              ))}
            </dl>
          </Panel>
          <StatusForm current={inquiry.status} day={day} />
          {inquiry.status === "declined" || erased ? null : <DeclineForm reply={actionData} />}
        </div>
      </div>
    </div>
  );
}

/**
 * One click sets the status: a submit button per other status, in one plain form. With a wedding
 * date the calendar can block, 'Mark as booked' blocks it too unless unticked (issue 41); once
 * booked, the day's block can be undone (or made, if it was not).
 */
function StatusForm({
  current,
  day,
}: {
  current: (typeof INQUIRY_STATUSES)[number];
  day: InquiryDay | null;
}) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle" ? fetcher.formData?.get("status") : null;
  return (
    <Panel className="p-6" labelledBy="inquiry-status">
      <h2 id="inquiry-status" className="text-xl">
        Status
      </h2>
      <p className="mt-2 flex items-center gap-2 text-sm text-ink-soft">
        Now: <InquiryStatusBadge status={current} />
      </p>
      <fetcher.Form method="post" className="mt-4 grid gap-2">
        <input type="hidden" name="intent" value="status" />
        {day && current !== "booked" && day.state === "free" ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="block" value="1" defaultChecked className="mt-1" />
            Also block {formatReviewDate(day.day)} in the calendar
          </label>
        ) : null}
        {INQUIRY_STATUSES.filter((s) => s !== current && s !== "declined").map((s) => (
          <Button
            key={s}
            type="submit"
            name="status"
            value={s}
            variant={s === "booked" ? "primary" : "outline"}
            size="sm"
            pending={busy === s}
            disabled={busy !== null && busy !== undefined}
          >
            Mark as {INQUIRY_STATUS_LABELS[s].toLowerCase()}
          </Button>
        ))}
      </fetcher.Form>
      {day && (current === "booked" || day.state === "this") ? <BookedDay day={day} /> : null}
    </Panel>
  );
}

/** Declining with a sentence (issue 45): mailed to the couple as an answer, shown in their account. */
function DeclineForm({ reply }: { reply: Reply | undefined }) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  const answer = fetcher.data ?? reply;
  const failed = answer?.ok === false && answer.intent === "decline" ? answer : null;
  return (
    <Panel className="p-6">
      <fetcher.Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="decline" />
        <TextareaField
          label="Decline with a sentence"
          name="reason"
          rows={2}
          maxLength={DECLINE_MAX}
          defaultValue={failed?.values?.reason ?? ""}
          error={failed?.errors?.reason}
          description="Sent to the couple as your answer."
        />
        <Button type="submit" variant="outline" size="sm" pending={fetcher.state !== "idle"}>
          Decline
        </Button>
      </fetcher.Form>
    </Panel>
  );
}

/** The booked inquiry's date in the calendar: its block undone, or made (issue 41). */
function BookedDay({ day }: { day: InquiryDay }) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  const label = formatReviewDate(day.day);
  if (day.state === "other" || day.state === "blocked")
    return <p className="mt-4 text-sm text-ink-soft">{label} is already blocked in the calendar.</p>;
  return (
    <fetcher.Form method="post" className="mt-4 space-y-2 border-t border-sand pt-4 text-sm">
      <input type="hidden" name="intent" value={day.state === "this" ? "unblock" : "block"} />
      <p className="text-ink-soft">
        {day.state === "this"
          ? `${label} is blocked in the calendar.`
          : `${label} is still free in the calendar.`}
      </p>
      <Button type="submit" variant="outline" size="sm" pending={fetcher.state !== "idle"}>
        {day.state === "this" ? `Undo: free ${label}` : `Block ${label} in the calendar`}
      </Button>
    </fetcher.Form>
  );
}

/** The answer, sent by email to the couple and kept above; emptied once sent. */
function ReplyForm({ to, email, reply }: { to: string; email: string; reply: Reply | undefined }) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  useToast(reply?.toast);
  const answer = fetcher.data ?? reply;
  const { text, setText, error, onSubmit, busy } = useMessageBox(
    fetcher,
    answer?.intent === "reply" ? (answer.values?.reply ?? "") : "",
    inquiryMessages.reply,
  );
  const serverError =
    answer?.ok === false && answer.intent === "reply" ? (answer.errors?.reply ?? answer.errors?.form) : null;
  return (
    <fetcher.Form
      method="post"
      noValidate
      preventScrollReset
      className="mt-6 space-y-3 border-t border-sand pt-6"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="reply" />
      <FormError message={error ?? serverError} />
      <TextareaField
        label={`Reply to ${to}`}
        name="reply"
        rows={5}
        maxLength={INQUIRY_REPLY_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        description={`Sent by email to ${email}. When they answer, it comes to your own email address.`}
      />
      <Button type="submit" pending={busy}>
        <MessageSquareReply className="h-4 w-4" aria-hidden="true" />
        {busy ? "Sending..." : "Send reply"}
      </Button>
    </fetcher.Form>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
