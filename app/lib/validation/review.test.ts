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

describe("what a stranger might send", () => {
  const errorsOf = (values: Record<string, string>) => {
    const r = validate(reviewSchema, values);
    return r.ok ? null : r.errors;
  };

  it("parses the rating strictly", () => {
    for (const rating of ["0x5", "1e0", " 3", "3 ", "4.0", "+2", "05", "５"])
      expect(errorsOf({ comment: "Lovely", rating }), rating).toEqual({ rating: "Please select a rating" });
  });

  it("refuses a comment made only of invisible characters", () => {
    for (const comment of ["\u200B\u200B", " \u00A0\u2060 ", "\uFEFF", "\n\t"])
      expect(errorsOf({ comment, rating: "4" })).toEqual({ comment: "Please enter your review" });
  });

  it("refuses control characters (a NUL byte) and overlong comments", () => {
    expect(errorsOf({ comment: "nice\u0000day", rating: "4" })).toEqual({
      comment: "Please remove the unsupported characters",
    });
    expect(errorsOf({ comment: "x".repeat(2001), rating: "4" })).toEqual({
      comment: "Please keep your review under 2000 characters",
    });
    expect(errorsOf({ comment: "line one\nline two\ttabbed", rating: "4" })).toBeNull();
  });
});
