import { describe, expect, it } from "vitest";
import { validate } from "./form";
import { reviewSchema } from "./review";

describe("reviewSchema", () => {
  it("requires a comment and a rating from 1 to 5", () => {
    const empty = validate(reviewSchema, { comment: "  ", rating: "" });
    expect(empty.ok ? null : empty.errors).toEqual({
      comment: "Please enter your review",
      rating: "Please select a rating",
    });
    for (const rating of ["0", "6", "2.5", "abc"]) {
      const r = validate(reviewSchema, { comment: "Lovely", rating });
      expect(r.ok ? null : r.errors.rating).toBe("Please select a rating");
    }
    expect(validate(reviewSchema, { comment: " Lovely ", rating: "4" })).toEqual({
      ok: true,
      data: { comment: "Lovely", rating: 4 },
    });
  });
});
