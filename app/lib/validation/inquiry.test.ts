import { describe, expect, it } from "vitest";
import { validate } from "./form";
import { inquiryActionSchema, inquirySchema } from "./inquiry";

const TODAY = "2026-11-26";
const form = (over: Record<string, string> = {}) => ({
  name: "Avery",
  email: "avery@couple.example",
  phone: "",
  weddingDate: "",
  guests: "80",
  message: "Is June free?",
  ...over,
});

describe("inquirySchema", () => {
  it("takes the fields the issue lists, phone and date optional, and reads the checkbox", () => {
    const r = validate(inquirySchema(120, TODAY), form({ dateFlexible: "on" }));
    expect(r).toEqual({
      ok: true,
      data: {
        name: "Avery",
        email: "avery@couple.example",
        phone: "",
        weddingDate: "",
        dateFlexible: true,
        guests: 80,
        message: "Is June free?",
      },
    });
    expect(validate(inquirySchema(120, TODAY), form())).toMatchObject({ data: { dateFlexible: false } });
  });

  it("refuses a date before Colorado's today, and accepts today", () => {
    const schema = inquirySchema(120, TODAY);
    expect(validate(schema, form({ weddingDate: "2026-11-25" }))).toMatchObject({
      errors: { weddingDate: "Please choose a wedding date that is not in the past" },
    });
    expect(validate(schema, form({ weddingDate: TODAY })).ok).toBe(true);
    for (const bad of [
      "2027-02-30",
      "12/06/2027",
      "2027-6-1",
      "+010000-01-01",
      "\u0662\u0660\u0662\u0667-06-12",
    ])
      expect(validate(schema, form({ weddingDate: bad })), bad).toMatchObject({
        errors: { weddingDate: "Please enter a valid date" },
      });
  });

  it("refuses a date beyond the search's window, 3 years ahead to the end of that month", () => {
    const schema = inquirySchema(120, TODAY);
    expect(validate(schema, form({ weddingDate: "2029-11-30" })).ok).toBe(true);
    for (const far of ["2029-12-01", "9999-12-31"])
      expect(validate(schema, form({ weddingDate: far })), far).toMatchObject({
        errors: { weddingDate: "Please choose a wedding date within the next 3 years" },
      });
  });

  it("refuses more guests than ten times the capacity; without a capacity only the sane ones", () => {
    expect(validate(inquirySchema(120, TODAY), form({ guests: "1200" })).ok).toBe(true);
    expect(validate(inquirySchema(120, TODAY), form({ guests: "1201" }))).toMatchObject({
      errors: { guests: "Please enter at most 1200 guests: that is ten times this venue's capacity" },
    });
    expect(validate(inquirySchema(null, TODAY), form({ guests: "5000" })).ok).toBe(true);
    for (const bad of ["0", "-3", "2.5", "1e3", "abc"])
      expect(validate(inquirySchema(120, TODAY), form({ guests: bad })), bad).toMatchObject({
        errors: { guests: "Please enter a whole number of guests, at least 1" },
      });
    expect(validate(inquirySchema(120, TODAY), form({ guests: "" }))).toMatchObject({
      errors: { guests: "Please enter the number of guests" },
    });
  });

  it("takes a phone number with its usual separators, not words", () => {
    const schema = inquirySchema(120, TODAY);
    for (const ok of ["+1 (303) 555-0101", "303.555.0101"])
      expect(validate(schema, form({ phone: ok })).ok, ok).toBe(true);
    for (const bad of ["call me", "12345", "555-01O1"])
      expect(validate(schema, form({ phone: bad })), bad).toMatchObject({
        errors: { phone: "Please enter a valid phone number" },
      });
  });
});

describe("inquiryActionSchema", () => {
  it("takes a status of the four, or a reply that is not blank", () => {
    expect(validate(inquiryActionSchema, { intent: "status", status: "booked" }).ok).toBe(true);
    expect(validate(inquiryActionSchema, { intent: "status", status: "read" }).ok).toBe(false);
    expect(validate(inquiryActionSchema, { intent: "reply", reply: " \u200b " })).toMatchObject({
      errors: { reply: "Please write your reply" },
    });
  });
});
