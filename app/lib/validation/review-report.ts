import * as z from "zod/mini";
import { REPORT_REASONS } from "../trust";
import { UUID_PATTERN } from "../uuid";
import { required, text } from "./fields";

// The trust loop's review forms (issue 45): a report of a review, and the moderators' decisions.

export const REPORT_NOTE_MAX = 1000;
export const HIDDEN_REASON_MAX = 300;

export const reportMessages = {
  reason: "Please choose a reason",
  hiddenReason: "Please give the reason the page will show",
} as const;

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, reportMessages.reason),
  note: text(REPORT_NOTE_MAX, `Please keep your note under ${REPORT_NOTE_MAX} characters`).check(z.trim()),
});

const reviewId = text(40).check(z.trim(), z.regex(UUID_PATTERN, "Review not found"));

export const moderationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("keep"), reviewId }),
  z.object({ intent: z.literal("proof"), reviewId }),
  z.object({ intent: z.literal("unhide"), reviewId }),
  z.object({
    intent: z.literal("hide"),
    reviewId,
    reason: required(
      reportMessages.hiddenReason,
      HIDDEN_REASON_MAX,
      `Please keep the reason under ${HIDDEN_REASON_MAX} characters`,
    ),
  }),
]);
