import { formatReviewDate } from "./venue";
import { dateFormat } from "./dates";
import { isUuid } from "./uuid";
import type { Toast } from "./toast";
import type { FieldErrors } from "./validation/form";

// Inquiries (issue 23): a couple's question to a venue, answered from the manager's inbox.
// Pure, so the pages, the services and the tests share one reading of statuses and dates.

/**
 * new until the venue answers, then replied, and finally booked or closed; declined with a
 * sentence (an answer too), or spam (left out of the venue's reply figures; issue 45).
 */
export const INQUIRY_STATUSES = ["new", "replied", "booked", "closed", "declined", "spam"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: "New",
  replied: "Replied",
  booked: "Booked",
  closed: "Closed",
  declined: "Declined",
  spam: "Spam",
};

/** Who wrote a message of an inquiry's thread: the venue (from its inbox) or the couple (from the account). */
export const REPLY_AUTHORS = ["venue", "couple"] as const;
export type ReplyAuthor = (typeof REPLY_AUTHORS)[number];

export const isInquiryStatus = (v: unknown): v is InquiryStatus =>
  INQUIRY_STATUSES.includes(v as InquiryStatus);

/** A new inquiry older than this is 'waiting' on the manager dashboard's 'Needs attention'. */
export const WAITING_HOURS = 48;

/** When a couple asked, in Colorado's time: 'November 30, 2026 at 3:38 AM'. */
export const askedAtLabel = dateFormat({ timeZone: "America/Denver", dateStyle: "long", timeStyle: "short" });

/** Guests above this many times the venue's capacity are refused as a mistake. */
export const GUESTS_PER_CAPACITY = 10;
/** The most guests any inquiry may name (a venue without a capacity). */
export const MAX_GUESTS = 100_000;

export const maxGuestsFor = (capacity: number | null | undefined): number =>
  capacity && capacity > 0 ? capacity * GUESTS_PER_CAPACITY : MAX_GUESTS;

/**
 * Today's date in Colorado, `YYYY-MM-DD`: every venue is there, so a wedding date is in the past
 * when it is before the venue's today, wherever the couple writes from.
 */
export function coloradoToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver" }).format(now);
}

/** 'June 12, 2027', 'June 12, 2027 (flexible)', 'Flexible' or 'Not decided yet'. */
export function weddingDateLabel(date: string | null, flexible: boolean): string {
  if (!date) return flexible ? "Flexible" : "Not decided yet";
  return `${formatReviewDate(date)}${flexible ? " (flexible)" : ""}`;
}

export const INBOX_PATH = "/venue-manager/inquiries";

/**
 * The wedding date of an inquiry in its venue's calendar (issue 41): free, booked by this
 * inquiry, by another one, or blocked by hand.
 */
export type InquiryDay = { day: string; state: "free" | "this" | "other" | "blocked" };

export const bookingMessages = {
  blocked: (day: string) => `${formatReviewDate(day)} is blocked in the calendar`,
  unblocked: (day: string) => `${formatReviewDate(day)} is free again in the calendar`,
  noDay: "This inquiry has no wedding date the calendar can block.",
  notBooked: "Mark the inquiry as booked first.",
  otherInquiry: "Another inquiry already booked this date in the calendar.",
  changedSince: "The calendar changed since this date was blocked: nothing was undone.",
} as const;
export const inquiryPath = (id: string) => `${INBOX_PATH}/${id}`;

/** The text a couple reads once their inquiry is on its way (issue 23, verbatim). */
export const inquirySentMessage = (venueName: string) => `Your inquiry was sent to ${venueName}`;

/** Why an inquiry, a reply or a claim link was refused. */
export const inquiryRefusals = {
  venueNotFound: "This venue is not taking inquiries.",
  automated:
    "Your inquiry was not sent: it looked automated. Please try again, or contact the venue directly.",
  tooFast: "That was quicker than anyone can type. Please check your inquiry, then send it again.",
  expired: "This form was open for too long. Please send it again.",
  reused:
    "This form was sent already, so your inquiry was not sent twice. To send another, send the form again.",
  notFound: "Inquiry not found",
  replyFailed: "Your reply could not be sent by email. Please try again in a moment.",
  claimInvalid: "This link is not valid any more. Inquiries you send while signed in appear here.",
  claimTaken: "This inquiry is already followed from another account.",
  closed: "This inquiry is closed. To ask the venue again, send a new inquiry from its page.",
  contactErased: "The couple's contact details were erased, so an answer cannot be sent by email.",
} as const;

// ---------------------------------------------------------------------------------------------
// What the inbox and 'My Inquiries' show (services/inquiries.server.ts reads them)
// ---------------------------------------------------------------------------------------------

export type InquiryView = {
  id: string;
  venueId: string;
  venueName: string;
  venuePath: string;
  name: string;
  email: string;
  phone: string | null;
  weddingDate: string | null;
  dateFlexible: boolean;
  guests: number | null;
  message: string;
  status: InquiryStatus;
  createdAt: string;
  replyCount: number;
  /** When a manager of the venue first opened it (issue 45). */
  readAt: string | null;
  /** The venue's sentence when it declined. */
  declineReason: string | null;
};

/** What a couple sees of their own inquiry. */
export type OwnInquiry = Omit<InquiryView, "email" | "phone">;

/** One message of an inquiry's thread; `authorName` is null when its writer's account is gone. */
export type InquiryReplyView = {
  id: string;
  body: string;
  author: ReplyAuthor;
  authorName: string | null;
  createdAt: string;
};

/** A couple's inquiry with its whole thread, oldest message first (My Inquiries, issue 41). */
export type OwnThread = OwnInquiry & {
  replies: InquiryReplyView[];
  /** The couple's next booked site visit at the venue (issue 45), else their last one. */
  tourAt: string | null;
};

/** What the account's answer form gets back (routes/account/inquiries.tsx). */
export type CoupleAnswerReply = {
  ok: boolean;
  intent?: string;
  inquiryId?: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
  toast?: Toast;
};

/** Whether the couple can still answer: a closed inquiry's thread is read-only (ADR 037). */
export const canAnswer = (status: InquiryStatus) => status !== "closed";

export const INBOX_PAGE_SIZE = 25;

export type InboxFilter = { venueId: string | null; status: InquiryStatus | null; page: number };

/** The inbox's filter from its address (`?venue=&status=&page=`); anything unreadable is dropped. */
export function readInboxFilter(params: URLSearchParams): InboxFilter {
  const venue = params.get("venue");
  const status = params.get("status");
  const page = Number(params.get("page"));
  return {
    venueId: venue && isUuid(venue) ? venue : null,
    status: INQUIRY_STATUSES.find((s) => s === status) ?? null,
    page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1,
  };
}

export type Inbox = {
  inquiries: InquiryView[];
  /** Inquiries per status under the venue filter, and in all. */
  counts: Record<InquiryStatus | "all", number>;
  /** The venues the filter offers: a manager's own, or for an admin those with inquiries. */
  venues: { id: string; name: string }[];
  page: number;
  pageCount: number;
};

/** The inquiry form of a venue (services/couple-inquiries.server.ts inquiryFormFor). */
export type InquiryForm = {
  venue: { id: string; name: string; capacity: number | null; path: string };
  /** The signed time the form is handed out, sent back with it. */
  stamp: string;
  /** A signed-in couple's name and email, filled in for them. */
  prefill: { name: string; email: string } | null;
  /** Colorado's date: the first a wedding may be on (the browser checks with the server's day). */
  today: string;
  /** The date and guests of the couple's search (issue 41), filled in and still editable. */
  asked?: InquiryAsked;
};

/** What the inquiry form fills in from the couple's context: a flexible month ticks 'Flexible'. */
export type InquiryAsked = { weddingDate: string | null; guests: number | null; dateFlexible: boolean };

export const inquiryAsked = (ctx: {
  date: string | null;
  month: string | null;
  guests: number | null;
}): InquiryAsked => ({ weddingDate: ctx.date, guests: ctx.guests, dateFlexible: !ctx.date && !!ctx.month });

/** What the dialog's load gets: the form, or why it could not be loaded. */
export type InquiryFormLoad = InquiryForm | { failed: string };

/** The answer to a sent inquiry (routes/public/venue-inquiry.tsx). */
export type InquiryReply = {
  ok: boolean;
  errors?: FieldErrors;
  values?: Record<string, string>;
  /** A fresh signed time, when the one sent was too old. */
  stamp?: string;
  toast?: Toast;
};

/** Shown instead of an inquiry's erased email and phone (issue 46: name "A former guest", email ""). */
export const CONTACT_ERASED = "Contact details erased";
export const isContactErased = (inquiry: { email: string }) => inquiry.email === "";
