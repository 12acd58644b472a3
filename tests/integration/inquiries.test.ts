import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { venueDailyStats } from "../../database/schema";
import { inquiryFormPath, venuePath } from "../../app/lib/venue-url";
import { createVenue } from "../setup/factories";
import type { HttpTestApp } from "../setup/http-app";
import { header, oneClickPath, withInquiryApp, yesterday, type Account } from "../setup/inquiries";
import type { TestApp } from "../setup/test-app";

// Issue 23, items 1, 2 and 4: a couple's inquiry from a venue page is stored and mailed (each
// manager, or the venue's own address; the couple's copy; Reply-To the couple), and the anti-spam
// refusals write nothing. The inbox, replies, statuses, the CSV, the dashboard's count and the
// email opt-outs: inquiries-inbox.test.ts.

let t: TestApp;
let http: HttpTestApp;
let managerA: Account;
let managerB: Account;

const { stamp, fields, send, inquiriesOf, rowCount, mailsTo, managedVenue } = withInquiryApp(async (app) => {
  ({ t, http } = app);
  managerA = await t.signUp({ role: "venue_manager", name: "Morgan Manager" });
  managerB = await t.signUp({ role: "venue_manager", name: "Blake Manager" });
});

describe("sending an inquiry", () => {
  it("stores it as new, counts it for the day, mails each manager (Reply-To the couple) and the couple a copy", async () => {
    const venue = await managedVenue([managerA, managerB], {
      name: "Aspen Meadow",
      capacity: 120,
      email: "aspen@venue.example",
    });
    const form = fields(venue.id, { guests: "1200", dateFlexible: "on" });
    const r = await send(venue, form);
    expect(r.status).toBe(200);
    expect(r.data).toEqual({
      ok: true,
      toast: { type: "success", message: "Your inquiry was sent to Aspen Meadow" },
    });

    const [row] = await inquiriesOf(venue.id);
    expect(row).toMatchObject({
      status: "new",
      userId: null,
      name: "Avery Couple",
      email: form.email,
      phone: "(303) 555-0199",
      weddingDate: form.weddingDate,
      dateFlexible: true,
      guestCount: 1200,
      message: form.message,
    });
    const [stats] = await t.db.select().from(venueDailyStats).where(eq(venueDailyStats.venueId, venue.id));
    expect(stats?.inquiries).toBe(1);

    for (const manager of [managerA, managerB]) {
      const mail = await t.mail.waitFor(manager.email);
      expect(mail.subject).toBe("New inquiry for Aspen Meadow from Avery Couple");
      expect(header(mail.raw, "Reply-To")).toBe(form.email);
      expect(mail.text).toContain("Is your garden free that day?");
      expect(mail.text).toContain(`/venue-manager/inquiries/${row!.id}`);
      expect(oneClickPath(mail.raw)).toContain(`kind=inquiry`);
    }
    const copy = await t.mail.waitFor(form.email);
    expect(copy.subject).toBe("Your inquiry to Aspen Meadow");
    expect(header(copy.raw, "Reply-To")).toBe("aspen@venue.example");
    expect(copy.text).toContain("/account/inquiries?claim=");
    // The venue's own address is not written to when it has managers.
    expect(mailsTo("aspen@venue.example")).toEqual([]);
  });

  it("mails the venue's own address when it has no manager", async () => {
    const venue = await createVenue(t.db, { name: "Lonely Lodge", email: "hello@lonely.example" });
    const form = fields(venue.id);
    expect((await send(venue, form)).status).toBe(200);
    const mail = await t.mail.waitFor("hello@lonely.example");
    expect(mail.subject).toBe("New inquiry for Lonely Lodge from Avery Couple");
    expect(header(mail.raw, "Reply-To")).toBe(form.email);
    expect(mail.text).not.toContain("/venue-manager/");
    // The venue's own address is no account: there is nothing to unsubscribe it from.
    expect(header(mail.raw, "List-Unsubscribe")).toBeUndefined();
  });

  it("posted without the script, answers with a redirect to the venue page and the toast", async () => {
    const venue = await createVenue(t.db, { name: "Plain Form Hall" });
    const res = await http.fetch(inquiryFormPath(venue), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams(fields(venue.id)),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(venuePath(venue));
    const flash = res.headers.get("set-cookie")!.split(";")[0]!;
    const page = await http.fetch(venuePath(venue), { headers: { cookie: flash, accept: "text/html" } });
    expect(await page.text()).toContain("Your inquiry was sent to Plain Form Hall");
    expect(await inquiriesOf(venue.id)).toHaveLength(1);
  });

  it("posted without the script with a mistake, shows the page again with the message and what was typed", async () => {
    const venue = await createVenue(t.db, { name: "Typo Terrace" });
    const res = await http.fetch(inquiryFormPath(venue), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams(
        fields(venue.id, { weddingDate: yesterday(), message: "Our own words here" }),
      ),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please choose a wedding date that is not in the past");
    expect(html).toContain("Our own words here");
    expect(await inquiriesOf(venue.id)).toHaveLength(0);
  });

  it("refuses a date in the past and more guests than ten times the capacity, writing nothing", async () => {
    const venue = await createVenue(t.db, { capacity: 50 });
    const before = await rowCount();
    const past = await send(venue, fields(venue.id, { weddingDate: yesterday() }));
    expect(past.status).toBe(400);
    expect(past.data).toMatchObject({
      ok: false,
      errors: { weddingDate: "Please choose a wedding date that is not in the past" },
    });
    const many = await send(venue, fields(venue.id, { guests: "501" }));
    expect(many.data).toMatchObject({
      errors: { guests: "Please enter at most 500 guests: that is ten times this venue's capacity" },
    });
    const empty = await send(venue, fields(venue.id, { name: " ", email: "nope", message: "", guests: "" }));
    expect(empty.data).toMatchObject({
      errors: {
        name: "Please enter your name",
        email: "Please enter a valid email address",
        guests: "Please enter the number of guests",
        message: "Please enter your message",
      },
      values: { email: "nope" },
    });
    expect(await rowCount()).toBe(before);
  });

  it("refuses a filled honeypot, a form sent too soon and a stamp not ours: each says so and writes nothing", async () => {
    const venue = await managedVenue([managerA], { name: "Bot Barn" });
    const other = await createVenue(t.db);
    const mailsBefore = t.mail.messages.length;
    const before = await rowCount();
    const cases = [
      [{ website: "http://spam.example" }, "Your inquiry was not sent: it looked automated."],
      [{ formStamp: stamp(venue.id, 1) }, "That was quicker than anyone can type."],
      [{ formStamp: `${Date.now() - 10_000}.${"A".repeat(43)}` }, "This form was open for too long."],
      [{ formStamp: stamp(other.id) }, "This form was open for too long."],
      [{ formStamp: stamp(venue.id, 25 * 60 * 60) }, "This form was open for too long."],
      [{ formStamp: "" }, "This form was open for too long."],
    ] as const;
    for (const [over, message] of cases) {
      const r = await send(venue, fields(venue.id, over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      const reply = r.data as { errors: { form: string }; stamp?: string; values: Record<string, string> };
      expect(reply.errors.form).toContain(message);
      expect(reply.values.message).toBe("Is your garden free that day? We are about 80 guests.");
      // An old or foreign stamp comes back fresh, so the same form goes through once resent.
      if (message.startsWith("This form"))
        expect(t.stamps.age(`inquiry:${venue.id}`, reply.stamp!)).not.toBeNull();
    }
    expect(await rowCount()).toBe(before);
    expect(t.mail.messages.length).toBe(mailsBefore);
  });

  it("limits each address and each email to 5 an hour; the sixth is refused and writes nothing", async () => {
    const venue = await createVenue(t.db);
    for (let i = 0; i < 5; i++)
      expect((await send(venue, fields(venue.id), { ip: "10.9.9.9" })).status).toBe(200);
    const before = await rowCount();
    const byIp = await send(venue, fields(venue.id), { ip: "10.9.9.9" });
    expect(byIp.status).toBe(429);
    expect(byIp.data).toMatchObject({
      errors: { form: expect.stringMatching(/^Too many requests, try again in \d+ minutes?$/) },
    });

    const email = "same-couple@couple.example";
    for (let i = 0; i < 5; i++)
      expect((await send(venue, fields(venue.id, { email }), { ip: `10.8.8.${i}` })).status).toBe(200);
    const byEmail = await send(venue, fields(venue.id, { email: "SAME-couple@couple.example" }), {
      ip: "10.8.8.99",
    });
    expect(byEmail.status).toBe(429);
    expect(await rowCount()).toBe(before + 5);
  });

  it("refuses a venue that is not approved", async () => {
    const pending = await createVenue(t.db, { isApproved: false });
    const r = await send(pending, fields(pending.id));
    expect(r.status).toBe(404);
    expect(await inquiriesOf(pending.id)).toHaveLength(0);
  });
});

describe("the form's page and the page cache (ADR 010)", () => {
  it("is never kept: each visit gets its own stamp, and a signed-in couple's name stays out of shared pages", async () => {
    const venue = await createVenue(t.db, { name: "Cache Creek" });
    const path = inquiryFormPath(venue);
    const stampOf = (html: string) => /name="formStamp" value="([^"]+)"/.exec(html)?.[1];
    const first = await http.fetch(path, { headers: { accept: "text/html" } });
    const second = await http.fetch(path, { headers: { accept: "text/html" } });
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(second.headers.get("x-page-cache")).toBe("miss");
    const [a, b] = [stampOf(await first.text()), stampOf(await second.text())];
    expect(a).toBeTruthy();
    expect(t.stamps.age(`inquiry:${venue.id}`, a!)).not.toBeNull();

    const couple = await t.signUp({ name: "Jordan Prefill", email: "jordan-prefill@couple.example" });
    const signedIn = await (
      await http.fetch(path, { cookie: couple.cookie, headers: { accept: "text/html" } })
    ).text();
    expect(signedIn).toContain('value="jordan-prefill@couple.example"');
    expect(b).toBeTruthy();
    // The venue page itself is shared between signed-out visitors: no stamp and nobody's details.
    await http.fetch(venuePath(venue), { cookie: couple.cookie, headers: { accept: "text/html" } });
    const shared = await http.fetch(venuePath(venue), { headers: { accept: "text/html" } });
    const again = await http.fetch(venuePath(venue), { headers: { accept: "text/html" } });
    expect(again.headers.get("x-page-cache")).toBe("hit");
    const html = await shared.text();
    expect(html).not.toContain("formStamp");
    expect(html).not.toContain("jordan-prefill@couple.example");
    expect(html).toContain(`href="${path}"`);
  });
});
