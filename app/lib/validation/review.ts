import { z } from "zod";

export const REVIEW_MAX_LENGTH = 2000;

// Spec messages: 'Please enter your review', 'Please select a rating'.
export const reviewSchema = z.object({
  comment: z
    .string()
    .default("")
    .pipe(
      z
        .string()
        .trim()
        .min(1, "Please enter your review")
        .max(REVIEW_MAX_LENGTH, `Please keep your review under ${REVIEW_MAX_LENGTH} characters`),
    ),
  rating: z.coerce
    .number({ error: "Please select a rating" })
    .int("Please select a rating")
    .min(1, "Please select a rating")
    .max(5, "Please select a rating"),
});
