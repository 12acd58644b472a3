import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  inquiries,
  sessions,
  users,
  venueAvailability,
  venueCalendarFeeds,
  venueClosures,
  venueManagers,
} from "../../database/schema";
import { databaseFromUrl, type Db } from "../../app/infra/db.server";
import { addMonths, monthLabel, monthOf, utcDay } from "../../app/lib/dates";
import { coloradoToday } from "../../app/lib/inquiries";
import { inquiryFormPath, venuePath } from "../../app/lib/venue-url";
import * as inquiryRoute from "../../app/routes/public/venue-inquiry";
import { createVenue } from "../setup/factories";
import { adminUrl } from "../setup/global-setup";
import { startHttpApp, type HttpTestApp } from "../setup/http-app";
import { freePort, migratedDataDir, startServer } from "../setup/server-process";
import { createTestApp, run, type TestApp } from "../setup/test-app";
import { awayFromMidnight } from "../setup/clock";

// Issue 39, items 1 and 9a: every date and month the site takes has a window, and anything
// outside it (or malformed) is a 400 that says why. `month=9999-12` on a venue's calendar once
// never answered: adding a day to 9999-12-31 gave '+010000-01-01', which sorts before it, so the
// loop over the month's days never ended and the process spun for good. A year-0000 date on
// /compare reached the database and answered 500.

const BAD_MONTH = "Enter a month as YYYY-MM, for example 2027-06.";
const BAD_DATE = "Enter a date as YYYY-MM-DD, for example 2027-06-12.";
const PAST_DATE = "Choose a date from today on: that date has already passed.";
const FAR_DATE = "Choose a date within the next 3 years.";
/** The calendars go from 12 months back to 36 months ahead (ADR 030). */
const calendarMonths = () => {
  const now = monthOf(utcDay());
  return `Choose a month from ${monthLabel(addMonths(now, -12))} to ${monthLabel(addMonths(now, 36))}.`;
};
const OUT_OF_CALENDAR = /Choose dates from \w+ \d{1,2}, \d{4} to \w+ \d{1,2}, \d{4}\./;
const html = (s: string) => s.replace(/'/g, "&#x27;");

// The server counts and checks by the real day (ADR 029, ADR 030).
beforeAll(() => awayFromMidnight(), 300_000);
describe("a calendar's month outside the calendar (the production server in a process of its own)", () => {
  // A process of its own: on the code before issue 39, month=9999-12 spun the server's event
  // loop for good, and a server in the test's process would have stopped the test's timers too.
  const SECRET = "date-bounds-secret-0123456789abcdef";
  let origin: string;
  let server: ReturnType<typeof startServer>;
  let dataDir: string;
  let drop = async () => {};
  let venueId = "";
  const cookies = { manager: "", admin: "" };

  /** A user with a live session, as a sign-in leaves them; its Cookie header. */
  async function signedIn(db: Db, role: "venue_manager" | "admin"): Promise<string> {
    const id = crypto.randomUUID();
    await db.insert(users).values({ id, name: `Dates ${role}`, email: `${id}@test.example`, role });
    const token = crypto.randomBytes(24).toString("base64url");
    await db.insert(sessions).values({
      id: crypto.randomUUID(),
      token,
      userId: id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const signature = crypto.createHmac("sha256", SECRET).update(token).digest("base64");
    if (role === "venue_manager") await db.insert(venueManagers).values({ userId: id, venueId });
    return `vv.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
  }

  async function fill(db: Db) {
    venueId = (await createVenue(db, { name: "Dates Own Barn" })).id;
    cookies.manager = await signedIn(db, "venue_manager");
    cookies.admin = await signedIn(db, "admin");
  }

  beforeAll(async () => {
    const env: Record<string, string> = { BETTER_AUTH_SECRET: SECRET };
    const postgres = inject("postgresUrl");
    if (postgres) {
      const name = `vv_dates_${crypto.randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: postgres });
      await admin.connect();
      await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
      await admin.end();
      const database = databaseFromUrl(adminUrl(postgres, name));
      await fill(database.db);
      await database.close();
      env.DATABASE_URL = adminUrl(postgres, name);
      drop = async () => {
        const c = new pg.Client({ connectionString: postgres });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vv-dates-"));
      fs.mkdirSync(path.join(dataDir, "uploads"));
    } else dataDir = await migratedDataDir("vv-dates-", fill);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = startServer(dataDir, port, env);
    await server.logLine("Vows & Vistas listening");
  }, 120_000);

  afterAll(async () => {
    // SIGKILL: the old code's spinning process ignored SIGTERM.
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    await drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function get(pathname: string, cookie: string) {
    return fetch(origin + pathname, {
      headers: { cookie, accept: "text/html" },
      redirect: "manual",
      // This bound is here only to turn the old endless loop into a failure that says so: the
      // answer takes milliseconds.
      signal: AbortSignal.timeout(10_000),
    });
  }

  const cases: [month: string, message: () => string][] = [
    ["0000-01", calendarMonths],
    ["2201-01", calendarMonths],
    ["99999-01", () => BAD_MONTH],
    ["9999-12", calendarMonths],
  ];
  for (const [month, message] of cases)
    it(`/venue-manager/edit-venue/{own id}/availability?month=${month} answers 400 with the message`, async () => {
      const res = await get(
        `/venue-manager/edit-venue/${venueId}/availability?month=${month}`,
        cookies.manager,
      );
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(message());
    });

  it("the admin's calendar and the manager's Availability tab answer month=9999-12 the same, and the server goes on", async () => {
    const admin = await get(`/admin/edit-venue/${venueId}/availability?month=9999-12`, cookies.admin);
    expect(admin.status).toBe(400);
    expect(await admin.text()).toContain(calendarMonths());
    const tab = await get(
      `/venue-manager/edit-venue/${venueId}?tab=availability&month=9999-12`,
      cookies.manager,
    );
    expect(tab.status).toBe(400);
    expect(await tab.text()).toContain(calendarMonths());
    // The window's own ends are shown.
    const now = monthOf(utcDay());
    for (const month of [addMonths(now, -12), addMonths(now, 36)]) {
      const res = await get(
        `/venue-manager/edit-venue/${venueId}/availability?month=${month}`,
        cookies.manager,
      );
      expect(res.status, month).toBe(200);
      expect(await res.text()).toContain(monthLabel(month));
    }
    const health = await get("/healthz", "");
    expect(health.status).toBe(200);
    await health.body?.cancel();
  });
});

describe("dates outside their window (the server in the test's process)", () => {
  let t: TestApp;
  let web: HttpTestApp;
  let venue: { id: string; name: string };
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp();
    web = await startHttpApp(t);
    venue = await createVenue(t.db, { name: "Dates Window Hall" });
    const m = await t.signUp({ role: "venue_manager" });
    await t.db.insert(venueManagers).values({ userId: m.id, venueId: venue.id });
    manager = m.cookie;
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    await t?.close();
  });

  const stored = async () =>
    (
      await t.db.select({ n: count() }).from(venueAvailability).where(eq(venueAvailability.venueId, venue.id))
    )[0]!.n;

  it("/compare?ids={id}&date=0000-01-01 answers 400 with the message, and shows the comparison without the date", async () => {
    const res = await web.fetch(`/compare?ids=${venue.id}&date=0000-01-01`);
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(PAST_DATE);
    expect(page).toContain(venue.name);
    expect(page).not.toContain("Availability on");
  });

  it("marking a day of year 0000 or 9999 is refused with a message and stores nothing", async () => {
    for (const [from, to] of [
      ["0000-01-01", "0000-01-01"],
      ["9999-12-31", "9999-12-31"],
      ["2199-12-31", "2200-01-01"],
    ]) {
      const res = await web.fetch(`/venue-manager/edit-venue/${venue.id}/availability`, {
        method: "POST",
        cookie: manager,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "mark", from: from!, to: to!, status: "booked" }),
      });
      expect(res.status, from).toBe(400);
      expect(await res.text(), from).toMatch(OUT_OF_CALENDAR);
    }
    expect(await stored()).toBe(0);
  });

  it("the database keeps no day outside the storage window, whatever code writes it", async () => {
    for (const [startsOn, endsOn] of [
      ["2200-12-31", "2201-01-01"],
      ["1899-12-31", "1900-01-01"],
    ])
      await expect(
        t.db.insert(venueAvailability).values({ venueId: venue.id, startsOn, endsOn, status: "booked" }),
        startsOn,
      ).rejects.toThrow();
    await expect(
      t.db.insert(inquiries).values({
        venueId: venue.id,
        name: "A",
        email: "a@b.example",
        message: "Hi",
        weddingDate: "2201-01-01",
      }),
    ).rejects.toThrow();
    expect(await stored()).toBe(0);
  });

  it("an admin's calendar change for a venue that is not there is a 404 that writes nothing", async () => {
    // Found by the fuzz suite once it sent the calendar's form: an admin may manage any id, and
    // the rows of an unknown venue failed on their foreign key (500).
    const admin = (await t.signUp({ role: "admin" })).cookie;
    const gone = crypto.randomUUID();
    const forms: Record<string, string>[] = [
      { intent: "mark", from: utcDay(), to: utcDay(), status: "booked" },
      { intent: "closures", month: "1" },
      { intent: "feed-rotate" },
    ];
    for (const form of forms) {
      const res = await web.fetch(`/admin/edit-venue/${gone}/availability`, {
        method: "POST",
        cookie: admin,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });
      expect(res.status, form.intent).toBe(404);
    }
    for (const table of [venueAvailability, venueClosures, venueCalendarFeeds])
      expect(await t.db.select().from(table).where(eq(table.venueId, gone))).toEqual([]);
  });

  it("every other date or month out of its window, or malformed, is a 400 with a message", async () => {
    const cases: [path: string, message: string][] = [
      [`${venuePath(venue)}?date=0000-01-01`, PAST_DATE],
      [`${venuePath(venue)}?guests=80&date=9999-12-31`, FAR_DATE],
      [`${venuePath(venue)}?date=2027-02-30`, BAD_DATE],
      [`/compare?ids=${venue.id}&date=9999-12-31`, FAR_DATE],
      [`/compare?ids=${venue.id}&date=%2B010000-01-01`, BAD_DATE],
      [`/compare?ids=${venue.id}&guests=80&date=1e9`, BAD_DATE],
      ["/venues?date=%2B010000-01-01", BAD_DATE],
      ["/venues?date=9999-12-31", FAR_DATE],
      ["/venues?month=9999-12", FAR_DATE],
      ["/venues?month=0000-01", "Choose this month or a later one: that month has already passed."],
      ["/venues?month=99999-01", BAD_MONTH],
    ];
    for (const [p, message] of cases) {
      const res = await web.fetch(p);
      expect(res.status, p).toBe(400);
      expect(await res.text(), p).toContain(html(message));
    }
    for (const q of [
      "date=9999-12-31",
      "month=0000-01",
      "date=-0001-01-01",
      "month=%D9%A2%D9%A0%D9%A2%D9%A7-01",
    ]) {
      const res = await web.fetch(`/api/venues/map?bbox=36,-110,42,-101&zoom=6&${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { error: string }).error, q).toMatch(/^(Choose|Enter) /);
    }
  });

  it("a wedding date more than 3 years ahead is refused on the inquiry form, and nothing is stored", async () => {
    const [y, m] = coloradoToday().split("-");
    const before = (await t.db.select({ n: count() }).from(inquiries))[0]!.n;
    for (const weddingDate of ["9999-12-31", `${Number(y) + 4}-${m}-01`]) {
      const form = {
        name: "Avery Couple",
        email: `avery-${crypto.randomBytes(3).toString("hex")}@couple.example`,
        phone: "",
        weddingDate,
        guests: "80",
        message: "Is your garden free that day?",
        formStamp: t.stamps.issue(`inquiry:${venue.id}`, Date.now() - 10_000),
        website: "",
      };
      const p = inquiryFormPath(venue);
      const r = await run(async () =>
        inquiryRoute.action(await t.args(t.request(p, { form }), { slugId: p.split("/")[2]! })),
      );
      expect(r.status, weddingDate).toBe(400);
      expect(r.data, weddingDate).toMatchObject({
        errors: { weddingDate: "Please choose a wedding date within the next 3 years" },
      });
    }
    expect((await t.db.select({ n: count() }).from(inquiries))[0]!.n).toBe(before);
  });
});
