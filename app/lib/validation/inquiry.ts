import * as z from "zod/mini";
import { isCalendarDay, MAX_FILTER_YEARS, searchWindow } from "../dates";
import { coloradoToday, INQUIRY_STATUSES, maxGuestsFor } from "../inquiries";
import { checkbox, email, isBlank, MAX, required, text } from "./fields";
import { INQUIRY_MESSAGE_MAX, INQUIRY_REPLY_MAX } from "./limits";

// The inquiry form of a venue page (issue 23) and the manager inbox's small forms. The inquiry
// schema depends on the venue (its capacity) and the day, so it is built per use; the browser
// and the action build the same one.

export { INQUIRY_MESSAGE_MAX, INQUIRY_REPLY_MAX };

export const inquiryMessages = {
  name: "Please enter your name",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  date: "Please enter a valid date",
  pastDate: "Please choose a wedding date that is not in the past",
  farDate: `Please choose a wedding date within the next ${MAX_FILTER_YEARS} years`,
  guests: "Please enter the number of guests",
  guestsWhole: "Please enter a whole number of guests, at least 1",
  tooManyGuests: (max: number) =>
    `Please enter at most ${max} guests: that is ten times this venue's capacity`,
  message: "Please enter your message",
  reply: "Please write your reply",
  answer: "Please write your answer",
  decline: "Please write a sentence for the couple",
} as const;

/** A decline's sentence (issue 45): short, it is one line in the couple's account. */
export const DECLINE_MAX = 500;

// Digits with the usual separators: +1 (303) 555-0101, 303.555.0101.
const PHONE = /^\+?[\d\s().-]{7,25}$/;

/**
 * The inquiry form: name, email, phone (optional), wedding date (optional) or 'Flexible', guest
 * count and message. A date before Colorado's today or beyond the search's window (3 years) is
 * refused, and so are more guests than ten times the venue's capacity.
 */
export function inquirySchema(capacity: number | null, today: string = coloradoToday()) {
  const maxGuests = maxGuestsFor(capacity);
  const lastDay = searchWindow(today).last;
  return z.object({
    name: required(inquiryMessages.name, MAX.name),
    email: email(inquiryMessages.email),
    phone: text(40).check(
      z.trim(),
      z.refine(
        (v) => v === "" || (PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7),
        inquiryMessages.phone,
      ),
    ),
    weddingDate: text(10, inquiryMessages.date).check(
      z.trim(),
      z.refine((v) => v === "" || isCalendarDay(v), inquiryMessages.date),
      z.refine((v) => !isCalendarDay(v) || v >= today, inquiryMessages.pastDate),
      z.refine((v) => !isCalendarDay(v) || v <= lastDay, inquiryMessages.farDate),
    ),
    dateFlexible: checkbox(),
    guests: z.pipe(
      text(10, inquiryMessages.guestsWhole).check(
        z.trim(),
        z.refine((v) => v !== "", inquiryMessages.guests),
        z.refine((v) => v === "" || (/^\d{1,7}$/.test(v) && Number(v) >= 1), inquiryMessages.guestsWhole),
        z.refine(
          (v) => !/^\d{1,7}$/.test(v) || Number(v) <= maxGuests,
          inquiryMessages.tooManyGuests(maxGuests),
        ),
      ),
      z.transform(Number),
    ),
    message: required(
      inquiryMessages.message,
      INQUIRY_MESSAGE_MAX,
      `Please keep your message under ${INQUIRY_MESSAGE_MAX} characters`,
    ),
  });
}

export type InquiryInput = z.infer<ReturnType<typeof inquirySchema>>;

/** The inbox's forms on one inquiry: a status button, or a reply. */
export const inquiryActionSchema = z.discriminatedUnion("intent", [
  // `block`: 'Also block the date in the calendar' with 'Mark as booked' (issue 41).
  // Declined comes with its sentence (`decline`), not in one click.
  z.object({
    intent: z.literal("status"),
    status: z.enum(INQUIRY_STATUSES.filter((s) => s !== "declined")),
    block: z.optional(z.string()),
  }),
  z.object({
    intent: z.literal("decline"),
    reason: text(DECLINE_MAX, `Please keep it under ${DECLINE_MAX} characters`).check(
      z.trim(),
      z.refine((v) => !isBlank(v), inquiryMessages.decline),
    ),
  }),
  z.object({ intent: z.literal("block") }),
  z.object({ intent: z.literal("unblock") }),
  z.object({
    intent: z.literal("reply"),
    reply: text(INQUIRY_REPLY_MAX, `Please keep your reply under ${INQUIRY_REPLY_MAX} characters`).check(
      z.trim(),
      z.refine((v) => !isBlank(v), inquiryMessages.reply),
    ),
  }),
]);

/** A couple's answer in their account's thread (issue 41): bounded as the venue's replies are. */
export const coupleAnswerSchema = z.object({
  intent: z.literal("answer"),
  inquiryId: text(64),
  answer: text(INQUIRY_REPLY_MAX, `Please keep your answer under ${INQUIRY_REPLY_MAX} characters`).check(
    z.trim(),
    z.refine((v) => !isBlank(v), inquiryMessages.answer),
  ),
});
