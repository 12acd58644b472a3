import * as z from "zod/mini";
import { CLAIM_NOTE_MAX, LOCAL_PART } from "../claims";
import { required, text } from "./fields";
import { UUID_PATTERN } from "../uuid";
import { REJECTION_REASON_MAX } from "./admin";

/** A claim of a listing: the part before the @ of an address at the venue's domain, or a note for an administrator. */
export const claimSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("domain"),
    localPart: required("Please enter the part of your address before the @", 64).check(
      z.refine((v) => LOCAL_PART.test(v), "Please enter only the part before the @, such as events"),
    ),
  }),
  z.object({
    intent: z.literal("admin"),
    note: required(
      "Please tell us who you are and how we can check",
      CLAIM_NOTE_MAX,
      `Please keep the note under ${CLAIM_NOTE_MAX} characters`,
    ),
  }),
]);

/** The admin's decision on a claim: approve, or reject with an optional reason mailed to the claimant. */
export const claimDecisionSchema = z.object({
  intent: z.enum(["approve", "reject"]),
  claimId: text(40).check(z.trim(), z.regex(UUID_PATTERN, "Claim not found")),
  reason: text(REJECTION_REASON_MAX).check(z.trim()),
});
