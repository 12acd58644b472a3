import { UUID_PATTERN } from "../uuid";
import * as z from "zod/mini";
import { faqSchema } from "./admin";
import { isBlank, MAX, text } from "./fields";
import type { Toast } from "../toast";
import type { FormReply } from "./form";

// The venue-manager edit page's small forms (spec, admin and manager area, sections 5 and 8;
// issue 13). The venue details form itself is the shared venue form (lib/validation/admin-venue).

export const MANAGER_FAQ_BOTH_REQUIRED = "Please provide both question and answer";
export const MANAGER_FAQ_DELETE_CONFIRM = "Are you sure you want to delete this FAQ?";
export const REPLY_MAX = 1500;
export const REPLY_REQUIRED = "Please write a reply";

const uuid = (message: string) => text(40).check(z.trim(), z.regex(UUID_PATTERN, message));
const imageUrl = text(MAX.url).check(
  z.trim(),
  z.refine((v) => v !== "", "Image not found"),
);

/** The manager's FAQ form, with the spec's manager message. */
export const managerFaqSchema = faqSchema(MANAGER_FAQ_BOTH_REQUIRED);

export const replySchema = z.object({
  reviewId: uuid("Review not found"),
  reply: text(REPLY_MAX).check(
    z.trim(),
    z.refine((v) => !isBlank(v), REPLY_REQUIRED),
  ),
});

/** Every url-encoded form of the edit page, by intent (the details form is multipart). */
export const managerActionSchema = z.discriminatedUnion("intent", [
  z.extend(managerFaqSchema, { intent: z.literal("faq-add") }),
  z.extend(managerFaqSchema, { intent: z.literal("faq-save"), faqId: uuid("FAQ not found") }),
  z.object({
    intent: z.literal("faq-move"),
    faqId: uuid("FAQ not found"),
    direction: z.enum(["up", "down"]),
  }),
  z.object({ intent: z.literal("faq-delete"), faqId: uuid("FAQ not found") }),
  z.extend(replySchema, { intent: z.literal("reply-save") }),
  z.object({ intent: z.literal("reply-delete"), reviewId: uuid("Review not found") }),
  z.object({ intent: z.literal("image-remove"), url: imageUrl }),
  z.object({ intent: z.literal("image-cover"), url: imageUrl }),
  z.object({ intent: z.literal("image-move"), url: imageUrl, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("confirm-prices") }),
]);

export type ManagerAction = z.infer<typeof managerActionSchema>;
export type ManagerIntent = ManagerAction["intent"];

/** The manager venue page's answer to its FAQ, reply and image forms (routes/manager/edit-venue.tsx). */
export type ManagerReply = Omit<FormReply, "intent"> & {
  intent?: ManagerIntent;
  /** The review, FAQ or image the answer is about, so only its own control reacts. */
  target?: string;
};

/** The Images tab's upload answer (routes/manager/venue-images.ts). */
export type ImageUploadReply = { ok: boolean; toast: Toast };
