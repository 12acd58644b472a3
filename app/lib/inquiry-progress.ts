import { countLabel } from "./format";
import { askedAtLabel, type OwnThread } from "./inquiries";

// Venues that answer (issue 45, item 3): where a couple's inquiry stands, and the venue page's
// "Usually replies within N hours" (ADR 048).

/** The figure needs this many inquiries in the window, spam left out. */
export const REPLY_FIGURE_MIN_INQUIRIES = 5;
export const REPLY_FIGURE_DAYS = 90;

/**
 * "Usually replies within 3 hours": the median time to a venue's first answer, rounded up to
 * the hour (a day from 48 hours); null, no figure, when it is not known.
 */
export function usualReplyLabel(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const hours = Math.max(1, Math.ceil(seconds / 3600));
  const within =
    hours <= 48 ? countLabel(hours, "hour", "hours") : countLabel(Math.ceil(hours / 24), "day", "days");
  return `Usually replies within ${within}`;
}

const ANSWERED = ["replied", "booked", "declined"] as const;

/** One step an inquiry reached, in the order a couple lives them. */
export type ProgressStep = {
  key: "sent" | "read" | "answered" | "tour" | "declined";
  label: string;
};

/**
 * What the couple sees of their inquiry's way, beside its status (booked, declined...): sent,
 * read by the venue, answered, a site visit booked, and a decline's sentence. (A venue's spam mark never
 * reaches the couple: their view reads it as new, services/inquiries.server.ts `ownView`.)
 */
export function inquiryProgress(
  i: Pick<OwnThread, "status" | "readAt" | "declineReason" | "tourAt" | "replies">,
): ProgressStep[] {
  const steps: ProgressStep[] = [{ key: "sent", label: "Sent" }];
  const answered =
    i.replies.some((r) => r.author === "venue") || ANSWERED.includes(i.status as (typeof ANSWERED)[number]);
  if (i.readAt || answered) steps.push({ key: "read", label: "Read by the venue" });
  if (answered) steps.push({ key: "answered", label: "Answered" });
  if (i.tourAt) steps.push({ key: "tour", label: `Site visit booked: ${askedAtLabel(new Date(i.tourAt))}` });
  if (i.status === "declined")
    steps.push({ key: "declined", label: i.declineReason ? `Declined: ${i.declineReason}` : "Declined" });
  return steps;
}
