import { eq } from "drizzle-orm";
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { users, venueCalendarFeeds, venues } from "../../database/schema";
import { toAppUser } from "../../app/lib/user";
import { venuePath } from "../../app/lib/venue-url";
import { deleteVenueAsAdmin } from "../../app/services/admin-venues.server";
import { restoreFromTrash } from "../../app/services/venue-trash.server";
import { createVenue, todayStats } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

// Issue 39, items 7, 9b and 9d: the insights count people, not requests (a view and a click once
// per visitor, venue and day, whatever the browser says; a save once per account and venue), a
// venue's calendar feed is served only while the venue is public, and guessing feed addresses is
// rate limited per client address. Requests come through the real HTTP server behind a trusted
// proxy (TRUST_PROXY=loopback), so each one can name its client address in X-Forwarded-For.

let t: TestApp;
let web: HttpTestApp;
withHttpApp((app) => ({ t, http: web } = app), { env: { TRUST_PROXY: "loopback" } });

const HTML = { accept: "text/html,application/xhtml+xml" };
const browser = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.${n} Safari/537.36`;
/** A browser's request from `address` (as the proxy names it), `agent` its User-Agent. */
const from = (address: string, agent: string, cookie?: string) => ({
  cookie,
  headers: { ...HTML, "user-agent": agent, "x-forwarded-for": address },
});

/** Views of the venue page, one after the other, then the counts they caused. */
async function views(path: string, requests: { address: string; agent: string; cookie?: string }[]) {
  for (const r of requests) {
    const res = await web.fetch(path, from(r.address, r.agent, r.cookie));
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  }
  await web.viewsCounted();
}

const hundred = Array.from({ length: 100 }, (_, i) => i);

describe("a view counts once per visitor, venue and day, whatever the User-Agent", () => {
  it("100 views from one IPv4 address with 100 browsers are one view; a second address is another", async () => {
    const venue = await createVenue(t.db);
    await views(
      venuePath(venue),
      hundred.map((i) => ({ address: "203.0.113.7", agent: browser(i) })),
    );
    expect((await todayStats(t.db, venue.id)).views).toBe(1);
    await views(venuePath(venue), [{ address: "203.0.113.8", agent: browser(0) }]);
    expect((await todayStats(t.db, venue.id)).views).toBe(2);
  });

  it("100 views from 100 IPv6 addresses inside one /64 are one view; another /64 is another", async () => {
    const venue = await createVenue(t.db);
    await views(
      venuePath(venue),
      hundred.map((i) => ({
        address: `2001:db8:17:4a0:${(i + 1).toString(16)}::${i + 2}`,
        agent: browser(i),
      })),
    );
    expect((await todayStats(t.db, venue.id)).views).toBe(1);
    // The same household's address written another way (leading zeros, no '::') is the same /64.
    await views(venuePath(venue), [{ address: "2001:0db8:0017:04a0:ffff:1:2:3", agent: browser(1) }]);
    expect((await todayStats(t.db, venue.id)).views).toBe(1);
    await views(venuePath(venue), [{ address: "2001:db8:17:4a1::2", agent: browser(1) }]);
    expect((await todayStats(t.db, venue.id)).views).toBe(2);
  });

  it("a signed-in member is one visitor from two addresses", async () => {
    const venue = await createVenue(t.db);
    const member = await t.signUp();
    await views(venuePath(venue), [
      { address: "198.51.100.21", agent: browser(1), cookie: member.cookie },
      { address: "198.51.100.22", agent: browser(2), cookie: member.cookie },
      { address: "2001:db8:99::1", agent: browser(3), cookie: member.cookie },
    ]);
    expect((await todayStats(t.db, venue.id)).views).toBe(1);
  });
});

describe("'Visit Website' counts once per visitor, venue and day, on GET only", () => {
  it("100 GETs and 100 HEADs of /out/ from one visitor are one click; every one is sent on", async () => {
    const venue = await createVenue(t.db, { website: "https://aspen-meadow.example/" });
    for (const i of hundred)
      for (const method of ["GET", "HEAD"]) {
        const res = await web.fetch(`/out/${venue.id}`, { method, ...from("192.0.2.44", browser(i)) });
        expect(res.status, method).toBe(302);
        expect(res.headers.get("location")).toBe("https://aspen-meadow.example/");
      }
    await web.viewsCounted();
    expect((await todayStats(t.db, venue.id)).websiteClicks).toBe(1);

    // Another visitor's click counts.
    await web.fetch(`/out/${venue.id}`, from("192.0.2.45", browser(1)));
    await web.viewsCounted();
    expect((await todayStats(t.db, venue.id)).websiteClicks).toBe(2);
  });
});

describe("a save counts once per account and venue", () => {
  const save = (cookie: string, venueId: string, saved: boolean) =>
    web.fetch("/api/favorites", {
      method: "POST",
      cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ venueId, saved: String(saved) }),
    });

  it("adding and removing a favourite 25 times is one save; a second account's is another", async () => {
    const venue = await createVenue(t.db);
    const [alex, blair] = [await t.signUp(), await t.signUp()];
    for (let i = 0; i < 25; i++) {
      expect((await save(alex.cookie, venue.id, true)).status).toBe(200);
      expect((await save(alex.cookie, venue.id, false)).status).toBe(200);
    }
    expect((await todayStats(t.db, venue.id)).favorites).toBe(1);
    expect((await save(blair.cookie, venue.id, true)).status).toBe(200);
    expect((await todayStats(t.db, venue.id)).favorites).toBe(2);
  });

  it("remembers the save through the trash, and forgets it with the account", async () => {
    const venue = await createVenue(t.db);
    const member = await t.signUp();
    const a = await t.signUp({ role: "admin" });
    const admin = toAppUser({ id: a.id, name: "Ada Admin", email: a.email, role: "admin" });
    await save(member.cookie, venue.id, true);
    await save(member.cookie, venue.id, false);
    expect(await deleteVenueAsAdmin(t.app, admin, venue.id)).toMatchObject({ ok: true });
    expect(await restoreFromTrash(t.app, admin, [venue.id])).toMatchObject({ ok: true });
    await save(member.cookie, venue.id, true);
    expect((await todayStats(t.db, venue.id)).favorites).toBe(1);

    // The account's row leaves with it: a new account (another person) counts again.
    await t.db.delete(users).where(eq(users.id, member.id));
    const next = await t.signUp();
    await save(next.cookie, venue.id, true);
    expect((await todayStats(t.db, venue.id)).favorites).toBe(2);
  });
});

describe("the calendar feed", () => {
  async function feedOf(venueId: string) {
    const token = crypto.randomBytes(24).toString("base64url");
    await t.db.insert(venueCalendarFeeds).values({ venueId, token });
    return `/calendar/${token}.ics`;
  }
  const get = (path: string, address: string) =>
    web.fetch(path, { headers: { "user-agent": "Calendar/1.0", "x-forwarded-for": address } });

  it("is served while the venue is approved, and is a 404 once it is not or is in the trash", async () => {
    const venue = await createVenue(t.db);
    const feed = await feedOf(venue.id);
    expect((await get(feed, "192.0.2.60")).status).toBe(200);

    await t.db.update(venues).set({ isApproved: false }).where(eq(venues.id, venue.id));
    const hidden = await get(feed, "192.0.2.60");
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).toBe("No such calendar");

    await t.db.update(venues).set({ isApproved: true }).where(eq(venues.id, venue.id));
    expect((await get(feed, "192.0.2.60")).status).toBe(200);
    const a = await t.signUp({ role: "admin" });
    const admin = toAppUser({ id: a.id, name: "Ada Admin", email: a.email, role: "admin" });
    await deleteVenueAsAdmin(t.app, admin, venue.id);
    expect((await get(feed, "192.0.2.60")).status).toBe(404);
  });

  it("answers 429 to an address after 30 unknown tokens in 10 minutes; a valid token still answers", async () => {
    const feed = await feedOf((await createVenue(t.db)).id);
    const guess = () => `/calendar/${crypto.randomBytes(24).toString("base64url")}.ics`;
    for (let i = 0; i < 30; i++)
      expect((await get(guess(), "203.0.113.90")).status, `guess ${i + 1}`).toBe(404);
    const refused = await get(guess(), "203.0.113.90");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/^Too many requests, try again in \d+ minutes?$/);

    // A calendar app polling a real address from there is not refused, nor is another address.
    expect((await get(feed, "203.0.113.90")).status).toBe(200);
    expect((await get(guess(), "203.0.113.91")).status).toBe(404);
  });

  it("counts an IPv6 client's guesses by its /64", async () => {
    const guess = () => `/calendar/${crypto.randomBytes(24).toString("base64url")}.ics`;
    for (let i = 0; i < 30; i++) expect((await get(guess(), `2001:db8:5:6::${i + 1}`)).status).toBe(404);
    expect((await get(guess(), "2001:db8:5:6:ffff::99")).status).toBe(429);
    expect((await get(guess(), "2001:db8:5:7::1")).status).toBe(404);
  });
});
