import * as z from "zod/mini";
import { required } from "./fields";

export const REVIEW_MAX_LENGTH = 2000;

// Spec messages: 'Please enter your review', 'Please select a rating'.
export const reviewSchema = z.object({
  comment: required("Please enter your review").check(
    z.maxLength(REVIEW_MAX_LENGTH, `Please keep your review under ${REVIEW_MAX_LENGTH} characters`),
  ),
  rating: z.coerce
    .number({ error: "Please select a rating" })
    .check(
      z.int("Please select a rating"),
      z.minimum(1, "Please select a rating"),
      z.maximum(5, "Please select a rating"),
    ),
});
