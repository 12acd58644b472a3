import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inquiries, usedFormStamps, users, venueManagers } from "../../database/schema";
import * as inquiryRoute from "../../app/routes/public/venue-inquiry";
import * as myInquiriesRoute from "../../app/routes/account/inquiries";
import { coloradoToday } from "../../app/lib/inquiries";
import { inquiryFormPath } from "../../app/lib/venue-url";
import { purgeUsedFormStamps, useFormStamp } from "../../app/services/form-stamps.server";
import { createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { run, type TestApp } from "../setup/test-app";

// Issue 39, items 5 and 6: the inquiry form is no relay. A stamp is accepted once (and once only
// when sends race), an account, a venue and a mailbox (plus-addressing folded) each have a limit,
// the copy to the sender carries what they wrote only to a signed-in account's own verified
// address, and the link in a guest's copy changes nothing until the signed-in couple posts it.

let t: TestApp;
let http: HttpTestApp;
type Account = Awaited<ReturnType<TestApp["signUp"]>>;

withHttpApp((app) => ({ t, http } = app), { timeout: 120_000 });

const nextYear = () => {
  const [y, m, d] = coloradoToday().split("-");
  return `${Number(y) + 1}-${m}-${d === "29" && m === "02" ? "28" : d}`;
};

/** A stamp of the venue's form handed out 10 seconds ago, as the form carries it. */
const stamp = (venueId: string) => t.stamps.issue(`inquiry:${venueId}`, Date.now() - 10_000);

let n = 0;
function fields(venueId: string, over: Record<string, string> = {}) {
  n++;
  return {
    name: "Avery Couple",
    email: `avery-${n}@couple.example`,
    guests: "80",
    weddingDate: nextYear(),
    message: `Is your garden free that day? (${n})`,
    formStamp: stamp(venueId),
    website: "",
    ...over,
  };
}

type Reply = { ok: boolean; errors?: { form?: string }; stamp?: string; values?: Record<string, string> };

/** The form's action as the dialog's fetcher calls it; each request from its own address unless given. */
async function send(
  venue: { id: string; name: string },
  form: Record<string, string>,
  opts: { cookie?: string; ip?: string } = {},
) {
  const path = inquiryFormPath(venue);
  const r = await run(async () =>
    inquiryRoute.action(await t.args(t.request(path, { form, ...opts }), { slugId: path.split("/")[2]! })),
  );
  return { status: r.status, reply: r.data as Reply };
}

const inquiriesOf = (venueId: string) => t.db.select().from(inquiries).where(eq(inquiries.venueId, venueId));
const mailsTo = (to: string) => t.mail.messages.filter((m) => m.to.includes(to.toLowerCase()));
const TOO_MANY = /^Too many requests, try again in \d+ minutes?$/;

describe("a form stamp is accepted once", () => {
  it("refuses the second send of a stamp with a message and a fresh stamp: one inquiry, one set of mails", async () => {
    const manager = await t.signUp({ role: "venue_manager" });
    const venue = await createVenue(t.db, { name: "Once Orchard" });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
    const form = fields(venue.id);
    expect((await send(venue, form)).status).toBe(200);
    await t.mail.waitFor(form.email);
    await t.mail.waitFor(manager.email);

    const again = await send(venue, form);
    expect(again.status).toBe(400);
    expect(again.reply.errors?.form).toBe(
      "This form was sent already, so your inquiry was not sent twice. To send another, send the form again.",
    );
    // What was typed stays, and a fresh stamp lets the person send once more.
    expect(again.reply.values?.message).toBe(form.message);
    expect(again.reply.stamp).toBeTruthy();
    expect(again.reply.stamp).not.toBe(form.formStamp);
    expect(t.stamps.age(`inquiry:${venue.id}`, again.reply.stamp!)).not.toBeNull();

    expect(await inquiriesOf(venue.id)).toHaveLength(1);
    // Mails go out after the answer is given: a second set would have arrived by the time a later
    // inquiry's mails (sent after this one) did.
    const later = fields(venue.id);
    expect((await send(venue, later)).status).toBe(200);
    await t.mail.waitFor(later.email);
    expect(mailsTo(form.email)).toHaveLength(1);
    expect(mailsTo(manager.email)).toHaveLength(2);
  });

  it("gives exactly one inquiry when sends of one stamp race", async () => {
    const venue = await createVenue(t.db, { name: "Race Ranch" });
    const form = fields(venue.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(venue, form)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await inquiriesOf(venue.id)).toHaveLength(1);
  });
});

describe("the record of used stamps", () => {
  it("forgets stamps issued more than a day ago (refused as too old anyway) and keeps the others", async () => {
    const now = Date.now();
    const read = (hoursAgo: number) =>
      t.stamps.read("purge-test", t.stamps.issue("purge-test", now - hoursAgo * 3_600_000), now)!;
    const [old, recent] = [read(26), read(23)];
    expect(await useFormStamp(t.db, old)).toBe(true);
    expect(await useFormStamp(t.db, recent)).toBe(true);
    await purgeUsedFormStamps(t.db, now);
    const ids = (await t.db.select({ id: usedFormStamps.id }).from(usedFormStamps)).map((r) => r.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);
    expect(await useFormStamp(t.db, recent)).toBe(false);
  });
});

describe("limits beyond the address and the email", () => {
  it("one signed-in account sends 10 an hour and 30 a day, from any address", async () => {
    const couple = await t.signUp({ name: "Busy Couple" });
    const send1 = async (i: number) => {
      const venue = await createVenue(t.db, { email: null });
      return send(venue, fields(venue.id, { email: `busy-${i}@couple.example` }), {
        cookie: couple.cookie,
        ip: `10.40.${Math.floor(i / 250)}.${i % 250}`,
      });
    };
    for (let i = 0; i < 10; i++) expect((await send1(i)).status, `send ${i + 1}`).toBe(200);
    const eleventh = await send1(10);
    expect(eleventh.status).toBe(429);
    expect(eleventh.reply.errors?.form).toMatch(TOO_MANY);
    const mine = () =>
      t.db
        .select()
        .from(inquiries)
        .where(eq(inquiries.userId, couple.id))
        .then((r) => r.length);
    expect(await mine()).toBe(10);

    // Each hour is over in turn; the day is not: 20 more, then the day's limit.
    const hourEnds = () =>
      t.db.execute(sql`update rate_limits set reset_at = now() where key = ${`inquiry-user:${couple.id}`}`);
    for (let i = 11; i < 31; i++) {
      if ((i - 11) % 10 === 0) await hourEnds();
      expect((await send1(i)).status, `send ${i}`).toBe(200);
    }
    await hourEnds();
    const overDay = await send1(31);
    expect(overDay.status).toBe(429);
    expect(overDay.reply.errors?.form).toMatch(TOO_MANY);
    expect(await mine()).toBe(30);
  });

  it("one venue takes 30 an hour from all senders together", async () => {
    const venue = await createVenue(t.db, { name: "Popular Peak", email: null });
    for (let i = 0; i < 30; i++)
      expect((await send(venue, fields(venue.id), { ip: `10.50.0.${i}` })).status, `send ${i + 1}`).toBe(200);
    const over = await send(venue, fields(venue.id), { ip: "10.50.1.1" });
    expect(over.status).toBe(429);
    expect(over.reply.errors?.form).toMatch(TOO_MANY);
    expect(await inquiriesOf(venue.id)).toHaveLength(30);
    // Another venue is not held back by it.
    const other = await createVenue(t.db, { email: null });
    expect((await send(other, fields(other.id), { ip: "10.50.1.2" })).status).toBe(200);
  });

  // An IPv6 household gets a /64 and may take any address in it: the per-address limit is its.
  it("addresses inside one IPv6 /64 share the per-address 5 an hour", async () => {
    for (let i = 1; i <= 5; i++) {
      const venue = await createVenue(t.db, { email: null });
      expect((await send(venue, fields(venue.id), { ip: `2001:db8:77:1::${i}` })).status, `send ${i}`).toBe(
        200,
      );
    }
    const venue = await createVenue(t.db, { email: null });
    const sixth = await send(venue, fields(venue.id), { ip: "2001:db8:77:1:ffff::6" });
    expect(sixth.status).toBe(429);
    expect(sixth.reply.errors?.form).toMatch(TOO_MANY);
    expect((await send(venue, fields(venue.id), { ip: "2001:db8:77:2::1" })).status).toBe(200);
  });

  it("plus-addressed and dotted variants of one mailbox share its 5 an hour", async () => {
    const variants = [
      "victim+1@gmail.com",
      "victim+2@gmail.com",
      "Vic.Tim+3@gmail.com",
      "v.i.c.t.i.m@googlemail.com",
      "VICTIM@gmail.com",
    ];
    for (const [i, email] of variants.entries()) {
      const venue = await createVenue(t.db, { email: null });
      expect((await send(venue, fields(venue.id, { email }), { ip: `10.60.0.${i}` })).status, email).toBe(
        200,
      );
    }
    const venue = await createVenue(t.db, { email: null });
    const sixth = await send(venue, fields(venue.id, { email: "victim+6@gmail.com" }), { ip: "10.60.1.1" });
    expect(sixth.status).toBe(429);
    expect(sixth.reply.errors?.form).toMatch(TOO_MANY);
    expect(await inquiriesOf(venue.id)).toHaveLength(0);
    // Plus-addressing elsewhere is folded too; dots are folded only where the provider ignores them.
    for (let i = 0; i < 5; i++) {
      const v = await createVenue(t.db, { email: null });
      expect(
        (await send(v, fields(v.id, { email: `jo+${i}@mail.example` }), { ip: `10.61.0.${i}` })).status,
      ).toBe(200);
    }
    const v = await createVenue(t.db, { email: null });
    expect((await send(v, fields(v.id, { email: "jo+x@mail.example" }), { ip: "10.61.1.1" })).status).toBe(
      429,
    );
    expect((await send(v, fields(v.id, { email: "j.o@mail.example" }), { ip: "10.61.1.2" })).status).toBe(
      200,
    );
  });
});

describe("the copy to the sender", () => {
  const verify = (a: Account) => t.db.update(users).set({ emailVerified: true }).where(eq(users.id, a.id));

  async function copyOf(form: Record<string, string>, opts: { cookie?: string } = {}) {
    const venue = await createVenue(t.db, { name: `Copy Cove ${++n}`, email: null });
    const sent = await send(venue, { ...fields(venue.id), ...form }, opts);
    expect(sent.status).toBe(200);
    const copy = await t.mail.waitFor(form.email!);
    expect(copy.subject).toBe(`Your inquiry to ${venue.name}`);
    expect(copy.text).toContain(`Your inquiry was sent to ${venue.name}`);
    return copy;
  }

  it("to any address but a signed-in account's own verified one, carries none of what was typed", async () => {
    const message = "Cheap watches at http://spam.example, click now";
    const name = "Totally Real Name Here";
    // A guest.
    const guest = await copyOf({ email: "someone@else.example", message, name });
    // A signed-in couple typing another address, and one whose own address is not verified.
    const couple = await t.signUp();
    await verify(couple);
    const other = await copyOf({ email: "third@party.example", message, name }, { cookie: couple.cookie });
    const unverified = await t.signUp();
    const own = await copyOf({ email: unverified.email, message, name }, { cookie: unverified.cookie });
    for (const copy of [guest, other, own]) {
      expect(copy.text).not.toContain("Cheap watches");
      expect(copy.text).not.toContain("spam.example");
      expect(copy.text).not.toContain(name);
      expect(copy.text).toMatch(/\/account\/inquiries/);
    }
    expect(guest.text).toContain("/account/inquiries?claim=");
  });

  it("to a signed-in account's own verified address, carries the message", async () => {
    const couple = await t.signUp({ name: "Verified Couple" });
    await verify(couple);
    const copy = await copyOf(
      { email: couple.email.toUpperCase(), message: "We would love a June date by the lake." },
      { cookie: couple.cookie },
    );
    expect(copy.text).toContain("We would love a June date by the lake.");
  });
});

describe("the claim link in a guest's copy", () => {
  async function guestInquiry(venueName: string) {
    const venue = await createVenue(t.db, { name: venueName, email: null });
    const form = fields(venue.id);
    expect((await send(venue, form)).status).toBe(200);
    const link = /\/account\/inquiries\?claim=[^\s"<>]+/.exec((await t.mail.waitFor(form.email)).text)![0];
    const token = new URL(link, "http://x").searchParams.get("claim")!;
    const [row] = await inquiriesOf(venue.id);
    return { link, token, id: row!.id };
  }
  const ownerOf = async (id: string) =>
    (await t.db.select({ userId: inquiries.userId }).from(inquiries).where(eq(inquiries.id, id)))[0]!.userId;
  const post = (a: Account, token: string, path = "/account/inquiries") =>
    http.fetch(path, {
      method: "POST",
      cookie: a.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams({ claim: token }),
    });

  it("GET asks, whoever opens it, and changes nothing; the POST adds it to the account", async () => {
    const { link, token, id } = await guestInquiry("Claim Canyon");
    const couple = await t.signUp();
    const stranger = await t.signUp();
    let action = "";
    for (const who of [stranger, couple]) {
      const page = await http.fetch(link, { cookie: who.cookie, headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Add your inquiry to Claim Canyon to this account?");
      // A plain form (it works without the script) that posts the token.
      const form = [
        ...html.matchAll(/<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/g),
      ].find((f) => f[2]!.includes('name="claim"'));
      expect(form?.[2]).toContain(`<input type="hidden" name="claim" value="${token}"/>`);
      action = form![1]!;
      expect(await ownerOf(id)).toBeNull();
    }
    // Through the loader too (what a mail scanner's GET reaches).
    const viaLoader = await run(async () =>
      myInquiriesRoute.loader(await t.args(t.request(link, { cookie: stranger.cookie }))),
    );
    expect(viaLoader.status).toBe(200);
    expect(await ownerOf(id)).toBeNull();

    // The form's own address, as a browser without the script posts it.
    expect(action).toMatch(/^\/account\/inquiries(\?|$)/);
    const claimed = await post(couple, token, action);
    expect(claimed.status).toBe(302);
    expect(claimed.headers.get("location")).toBe("/account/inquiries");
    expect(await ownerOf(id)).toBe(couple.id);

    // Once followed from one account, another's POST is refused and changes nothing.
    const late = await post(stranger, token);
    expect(late.status).toBe(400);
    expect(await late.text()).toContain("This inquiry is already followed from another account.");
    expect(await ownerOf(id)).toBe(couple.id);
  });

  it("a forged or expired link says so, on GET and on POST", async () => {
    const { link, token, id } = await guestInquiry("Forged Falls");
    const couple = await t.signUp();
    const forged = token.replace(/.{4}$/, "AAAA");
    const page = await http.fetch(link.replace(token, encodeURIComponent(forged)), {
      cookie: couple.cookie,
      headers: { accept: "text/html" },
    });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("This link is not valid any more.");
    expect(html).not.toContain("Add your inquiry to");
    expect((await post(couple, forged)).status).toBe(400);
    const old = `${id}.${t.stamps.issue(`inquiry-claim:${id}`, Date.now() - 31 * 24 * 60 * 60 * 1000)}`;
    expect((await post(couple, old)).status).toBe(400);
    expect(await ownerOf(id)).toBeNull();
    // Signed out, the link still goes to sign in first and comes back.
    const guest = await http.fetch(link);
    expect(guest.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(link)}`);
  });
});
