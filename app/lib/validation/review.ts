import * as z from "zod/mini";
import { required, text } from "./fields";
import { REVIEW_MAX_LENGTH } from "./limits";

export { OWN_VENUE_REVIEW, REVIEW_MAX_LENGTH } from "./limits";

// Spec messages: 'Please enter your review', 'Please select a rating'.
export const reviewSchema = z.object({
  comment: required(
    "Please enter your review",
    REVIEW_MAX_LENGTH,
    `Please keep your review under ${REVIEW_MAX_LENGTH} characters`,
  ),
  // Exactly one digit from 1 to 5: not " 3", "0x5", "1e0" or "4.0".
  rating: z.pipe(
    text(1, "Please select a rating").check(z.regex(/^[1-5]$/, "Please select a rating")),
    z.transform(Number),
  ),
});
