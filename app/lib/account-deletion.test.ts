import { describe, expect, it } from "vitest";
import { CONTACT_KEPT_MONTHS, deleteAccountSchema, reviewAuthorName } from "./account-deletion";
import { describeAudit } from "./admin";
import { isContactErased } from "./inquiries";
import { FORMER_GUEST } from "./privacy";
import { validate } from "./validation/form";

describe("account deletion (issue 46)", () => {
  it("names a kept review of a deleted account 'A former guest', others by their author", () => {
    expect(reviewAuthorName(null, null)).toBe(FORMER_GUEST);
    expect(reviewAuthorName("u1", "  Jo ")).toBe("Jo");
    expect(reviewAuthorName("u1", " ")).toBe("Anonymous");
  });

  it("says the retention period in months, and knows an erased inquiry", () => {
    expect(CONTACT_KEPT_MONTHS).toBe(24);
    expect(isContactErased({ email: "" })).toBe(true);
    expect(isContactErased({ email: "a@b.example" })).toBe(false);
  });

  it("asks for a choice about reviews, with no default", () => {
    const none = validate(deleteAccountSchema, { password: "x" });
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.errors.reviews).toBe("Please choose what happens to your reviews");
    const chosen = validate(deleteAccountSchema, { reviews: "keep", eraseContact: "on", password: "x" });
    expect(chosen).toMatchObject({ ok: true, data: { reviews: "keep", eraseContact: true } });
  });

  it("describes the activity entry without the person's name or address", () => {
    const line = describeAudit({
      action: "account.delete",
      details: {
        reviews: "keep",
        contactErased: true,
        submissionsDeleted: 2,
        venuesReleased: [{ id: "v1", name: "Solitary Ranch" }],
      },
      targetName: null,
      targetEmail: null,
      targetId: "u1",
    });
    expect(line).toBe(
      "reviews kept as a former guest; contact details erased; 2 submissions deleted; back to the admins: Solitary Ranch",
    );
  });
});
