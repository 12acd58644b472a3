import { UUID_PATTERN } from "../uuid";
import * as z from "zod/mini";
import { isBlank, MAX, required, text } from "./fields";

// The admin area's small forms (spec, admin area, sections 5 and 8; issue 12). The messages are
// the spec's where it gives them.

const uuid = (message = "Please choose an item from the list") =>
  text(40).check(z.trim(), z.regex(UUID_PATTERN, message));

// --- Pending venues --------------------------------------------------------------------------
export const REJECTION_REASON_MAX = 1000;

export const pendingActionSchema = z.object({
  intent: z.enum(["approve", "reject"]),
  venueId: uuid("Venue not found"),
  /** Rejection only, optional: sent to the submitter in the rejection mail, shown nowhere else. */
  reason: text(REJECTION_REASON_MAX).check(z.trim()),
});

// --- Users -----------------------------------------------------------------------------------
/** The chosen venues travel as one comma-separated field (a form's repeated keys are not read). */
const idList = z.pipe(
  text(40_000).check(z.trim()),
  z.transform((v) => (v ? v.split(",").map((s) => s.trim()) : [])),
);

export const userActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("promote"), userId: required("User not found", MAX.short) }),
  z.object({ intent: z.literal("remove-roles"), userId: required("User not found", MAX.short) }),
  z.object({ intent: z.literal("reset-password"), userId: required("User not found", MAX.short) }),
  z.object({
    intent: z.literal("assign"),
    userId: required("User not found", MAX.short),
    venueIds: idList,
  }),
]);

// --- Venue types -----------------------------------------------------------------------------
export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_DESCRIPTION_MAX = 500;

export const categoryFieldsSchema = z.object({
  name: required("Name is required", CATEGORY_NAME_MAX),
  description: text(CATEGORY_DESCRIPTION_MAX).check(z.trim()),
  /** Edit only: drop the stored image (without a new one). */
  removeImage: z.optional(z.enum(["on"])),
});

export const categoryDeleteSchema = z.object({
  categoryId: uuid("Venue type not found"),
  /** Where the type's venues go; empty: refuse when any venue uses the type. */
  moveTo: z.union([z.literal(""), uuid("Please choose a venue type to move the venues to")]),
});

// --- Amenities -------------------------------------------------------------------------------
export const AMENITY_NAME_MAX = 60;
export const AMENITY_NAME_REQUIRED = "Please enter an amenity name";

export const amenityNameSchema = z.object({
  name: required(
    AMENITY_NAME_REQUIRED,
    AMENITY_NAME_MAX,
    `Please use at most ${AMENITY_NAME_MAX} characters`,
  ),
});

export const amenityActionSchema = z.discriminatedUnion("intent", [
  z.extend(amenityNameSchema, { intent: z.literal("create") }),
  z.extend(amenityNameSchema, { intent: z.literal("update"), amenityId: uuid("Amenity not found") }),
  z.object({ intent: z.literal("delete"), amenityId: uuid("Amenity not found") }),
]);

// --- FAQs ------------------------------------------------------------------------------------
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 2000;
export const FAQ_BOTH_REQUIRED = "Please enter both a question and answer";

/** A FAQ's question and answer: both non-blank after trimming, else `message` for the form. */
export const faqSchema = (message: string) =>
  z
    .object({
      question: text(FAQ_QUESTION_MAX).check(z.trim()),
      answer: text(FAQ_ANSWER_MAX).check(z.trim()),
    })
    .check(z.refine((v) => !isBlank(v.question) && !isBlank(v.answer), { message, path: ["form"] }));

/** The admin's FAQ form, with the spec's admin message. */
export const faqFieldsSchema = faqSchema(FAQ_BOTH_REQUIRED);

export const faqIdSchema = z.object({ faqId: uuid("FAQ not found") });
export const faqMoveSchema = z.object({
  faqId: uuid("FAQ not found"),
  direction: z.enum(["up", "down"]),
});

// --- Dashboard -------------------------------------------------------------------------------
export const dashboardActionSchema = z.object({ intent: z.literal("check-sitemap") });
