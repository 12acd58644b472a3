import { describe, expect, it } from "vitest";
import { venueApprovedEmail, type OptOut } from "./emails.server";

// The way out of a mail people can leave (ADR 043); what the mails carry end to end is
// tests/integration/mails-people-can-leave.test.ts.

const optOut: OptOut = {
  settingsUrl: "https://vows.example/account/emails",
  unsubscribeUrl: "https://vows.example/unsubscribe?u=1&kind=decision&t=x",
  postalAddress: undefined,
};
const approved = (o: OptOut) =>
  venueApprovedEmail("Vows", "a@b.example", { name: "Aspen Hall" }, { venue: "v", dashboard: "d" }, o);

describe("a mail's way out", () => {
  it("has no address line while MAIL_POSTAL_ADDRESS is unset", () => {
    const mail = approved(optOut);
    expect(mail.text).toContain("Choose which emails you get: https://vows.example/account/emails");
    expect(mail.text).not.toContain("postal address");
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${optOut.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("ends with the address when set, on its own line in the HTML too", () => {
    const mail = approved({ ...optOut, postalAddress: "1 Main St, Denver & Co" });
    expect(mail.text).toContain("\nOur postal address: 1 Main St, Denver & Co\n");
    expect(mail.html).toContain("white-space:pre-line");
    expect(mail.html).toContain("Our postal address: 1 Main St, Denver &#38; Co");
  });
});
