import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../app/infra/db.server";
import { inquiries, reviewReplies, reviews, venueManagers } from "../../database/schema";
import { createCategory, createFaq, createVenue } from "../setup/factories";
import {
  dataUrlOf,
  expectAnswer,
  expectDataRedirect,
  expectRefusedPosts,
  form,
  inAMonth,
  multipart,
  routesUnder,
  strangersVenueEdit,
  watchTables,
  type Body,
} from "../setup/guard-runner";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

// Issue 13, acceptance: a manager cannot read or write a venue they are not assigned to through
// any loader or action of /venue-manager/*, and a user and a signed-out visitor are refused
// everywhere, over real HTTP, with nothing changed in the database. The routes come from
// app/routes.ts (every route under routes/manager/), so a new manager route fails here until it
// has its line; each action is tried with every intent it takes. The assigned manager's own
// request, sent last, goes through (and writes), so the table tests real requests; each request
// has a venue of its own, so the order the tests run in does not matter. The runner:
// tests/setup/guard-runner.ts.

const MANAGER_ROUTES = await routesUnder("routes/manager/");

type Ids = {
  venueId: string;
  faqId: string;
  reviewId: string;
  images: string[];
  typeId: string;
  inquiryId: string;
};

/**
 * Each loader: its address, and what the assigned manager gets (the stranger, a manager of another
 * venue, gets the same for the area's own lists, minus the venue; for one venue's page, the
 * dashboard with the spec's message).
 */
const LOADERS: Record<string, { path: (ids: Ids) => string; manager: 200 | 302 | 405; venueOnly: boolean }> =
  {
    "routes/manager/layout.tsx": { path: () => "/venue-manager/dashboard", manager: 200, venueOnly: false },
    "routes/manager/index.tsx": { path: () => "/venue-manager", manager: 302, venueOnly: false },
    "routes/manager/dashboard.tsx": {
      path: () => "/venue-manager/dashboard",
      manager: 200,
      venueOnly: false,
    },
    "routes/manager/venues.tsx": { path: () => "/venue-manager/venues", manager: 200, venueOnly: false },
    "routes/manager/edit-venue.tsx": {
      path: (ids) => `/venue-manager/edit-venue/${ids.venueId}`,
      manager: 200,
      venueOnly: true,
    },
    // The inquiry inbox, its CSV and one inquiry (issue 23).
    "routes/manager/inquiries.tsx": {
      path: () => "/venue-manager/inquiries",
      manager: 200,
      venueOnly: false,
    },
    "routes/manager/inquiries-export.ts": {
      path: () => "/venue-manager/inquiries/export.csv",
      manager: 200,
      venueOnly: false,
    },
    "routes/manager/inquiry.tsx": {
      path: (ids) => `/venue-manager/inquiries/${ids.inquiryId}`,
      manager: 200,
      venueOnly: true,
    },
    // The venue's availability calendar (issue 24).
    "routes/manager/venue-availability.tsx": {
      path: (ids) => `/venue-manager/edit-venue/${ids.venueId}/availability`,
      manager: 200,
      venueOnly: true,
    },
    // The venue's site visits (issue 45).
    "routes/manager/venue-tours.tsx": {
      path: (ids) => `/venue-manager/edit-venue/${ids.venueId}/tours`,
      manager: 200,
      venueOnly: true,
    },
    // The upload endpoint answers POSTs only; its GET still runs behind the guard.
    "routes/manager/venue-images.ts": {
      path: (ids) => `/venue-manager/edit-venue/${ids.venueId}/images`,
      manager: 405,
      venueOnly: true,
    },
  };

let photo: Buffer;

/**
 * Every request each action takes, each on a venue of its own (two FAQs, three images, a review
 * with a reply, an inquiry); `writes`: the table the manager's request changes, and `status`: its answer (200 unless
 * the action answers a form post with a redirect).
 */
const ACTION_REQUESTS: Record<
  string,
  {
    name: string;
    body: (ids: Ids) => Body;
    writes: string;
    status?: number;
  }[]
> = {
  "routes/manager/edit-venue.tsx": [
    {
      name: "faq-add",
      body: () => form({ intent: "faq-add", question: "Guarded Q?", answer: "Guarded A." }),
      writes: "venue_faqs",
    },
    {
      name: "faq-save",
      body: (ids) =>
        form({ intent: "faq-save", faqId: ids.faqId, question: "Guarded edit?", answer: "Yes." }),
      writes: "venue_faqs",
    },
    // The venue has two: the first moves down.
    {
      name: "faq-move",
      body: (ids) => form({ intent: "faq-move", faqId: ids.faqId, direction: "down" }),
      writes: "venue_faqs",
    },
    {
      name: "faq-delete",
      body: (ids) => form({ intent: "faq-delete", faqId: ids.faqId }),
      writes: "venue_faqs",
    },
    {
      name: "reply-save",
      body: (ids) => form({ intent: "reply-save", reviewId: ids.reviewId, reply: "Thank you, Guarded!" }),
      writes: "review_replies",
    },
    {
      name: "reply-delete",
      body: (ids) => form({ intent: "reply-delete", reviewId: ids.reviewId }),
      writes: "review_replies",
    },
    {
      name: "image-cover",
      body: (ids) => form({ intent: "image-cover", url: ids.images[2]! }),
      writes: "venues",
    },
    {
      name: "image-move",
      body: (ids) => form({ intent: "image-move", url: ids.images[1]!, direction: "up" }),
      writes: "venues",
    },
    {
      name: "image-remove",
      body: (ids) => form({ intent: "image-remove", url: ids.images[0]! }),
      writes: "venues",
    },
    {
      name: "details (multipart)",
      body: (ids) => strangersVenueEdit(ids.typeId),
      writes: "venues",
    },
  ],
  "routes/manager/venue-images.ts": [
    { name: "upload", body: () => multipart({}, [{ field: "images", bytes: photo }]), writes: "venues" },
  ],
  "routes/manager/inquiry.tsx": [
    {
      name: "inquiry-reply",
      body: () => form({ intent: "reply", reply: "Thank you, Guarded couple!" }),
      writes: "inquiry_replies",
    },
    {
      name: "inquiry-status",
      body: () => form({ intent: "status", status: "booked" }),
      writes: "inquiries",
    },
  ],
  // Issue 24: the calendar's form posts answer with a redirect back to the page.
  "routes/manager/venue-availability.tsx": [
    {
      name: "mark",
      body: () => form({ intent: "mark", from: inAMonth(), to: inAMonth(), status: "booked" }),
      writes: "venue_availability",
      status: 302,
    },
    {
      name: "closures",
      body: () => form({ intent: "closures", month: "1" }),
      writes: "venue_closures",
      status: 302,
    },
    {
      name: "feed-rotate",
      body: () => form({ intent: "feed-rotate" }),
      writes: "venue_calendar_feeds",
      status: 302,
    },
  ],
  // Issue 45: the site visits' hours and closed days, each answered with a redirect back.
  "routes/manager/venue-tours.tsx": [
    {
      name: "tour-hours",
      body: () => form({ intent: "hours", "opens-2": "10:00", "closes-2": "14:00" }),
      writes: "venue_tour_hours",
      status: 302,
    },
    {
      name: "tour-closed-day",
      body: () => form({ intent: "close-day", day: inAMonth() }),
      writes: "venue_tour_closed_days",
      status: 302,
    },
  ],
};

let t: TestApp;
let http: HttpTestApp;
let ids: Ids;
let cookies: Record<"user" | "stranger" | "manager" | "admin", string>;
let watch: ReturnType<typeof watchTables>;
let guarded: (name: string) => Promise<Ids>;

withHttpApp(async (app) => {
  ({ t, http } = app);
  photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#447755" } })
    .png()
    .toBuffer();
  const type = await createCategory(t.db, { name: "Guard Barn" });
  const other = await createVenue(t.db, { name: "Stranger's Own Barn", categoryId: type.id });
  const reviewer = await t.signUp({ name: "Guarded Reviewer" });
  const manager = await t.signUp({ role: "venue_manager" });
  const stranger = await t.signUp({ role: "venue_manager" });
  await t.db.insert(venueManagers).values({ userId: stranger.id, venueId: other.id });
  /** A venue of the manager's with two FAQs, three images, a review with a reply and an inquiry. */
  guarded = async (name) => {
    const images = ["/uploads/seed/a-800.webp", "/uploads/seed/b-800.webp", "/uploads/seed/c-800.webp"];
    const venue = await createVenue(t.db, { name, categoryId: type.id, images });
    await createFaq(t.db, venue.id, "Guarded question", 0);
    await createFaq(t.db, venue.id, "Guarded second question", 1);
    const [faq] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from venue_faqs where venue_id = ${venue.id} order by display_order limit 1`,
    );
    const [review] = await t.db
      .insert(reviews)
      .values({ venueId: venue.id, userId: reviewer.id, rating: 5, comment: "Guarded and lovely." })
      .returning();
    await t.db
      .insert(reviewReplies)
      .values({ reviewId: review!.id, userId: null, body: "Guarded first reply" });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
    const [inquiry] = await t.db
      .insert(inquiries)
      .values({
        venueId: venue.id,
        name: "Guarded Couple",
        email: "guarded-couple@couple.example",
        message: `Is the ${name} free in June?`,
      })
      .returning();
    return {
      venueId: venue.id,
      faqId: faq!.id,
      reviewId: review!.id,
      images,
      typeId: type.id,
      inquiryId: inquiry!.id,
    };
  };
  ids = await guarded("Guarded Manor");
  cookies = {
    user: (await t.signUp()).cookie,
    stranger: stranger.cookie,
    manager: manager.cookie,
    admin: (await t.signUp({ role: "admin" })).cookie,
  };
  await (await http.fetch("/venue-manager/dashboard", { cookie: cookies.manager })).text();
  watch = watchTables(t);
});

const urlFor = (pattern: string, of: Ids) =>
  pattern.replace(":venueId", of.venueId).replace(":inquiryId", of.inquiryId);

describe("every venue-manager route (from app/routes.ts)", () => {
  it("finds the manager routes, each with a line here", () => {
    expect(MANAGER_ROUTES.length).toBeGreaterThanOrEqual(6);
    for (const r of MANAGER_ROUTES) {
      expect(r.loader || r.action, r.file).toBe(true);
      if (r.loader) expect(LOADERS[r.file], `${r.file}: add it to LOADERS`).toBeDefined();
      if (r.action)
        expect(ACTION_REQUESTS[r.file], `${r.file}: add its requests to ACTION_REQUESTS`).toBeDefined();
    }
  });

  for (const file of Object.keys(LOADERS)) {
    it(`${file}: a guest goes to /login, a user to /account, a manager of another venue sees nothing of it`, async () => {
      const spec = LOADERS[file]!;
      const url = spec.path(ids);
      const dataUrl = dataUrlOf(url);
      await watch.unchanged("refused reads", async () => {
        for (const who of ["guest", "user", "stranger"] as const) {
          const cookie = who === "guest" ? undefined : cookies[who];
          const page = await http.fetch(url, { cookie });
          const html = await page.text();
          expect(html, `${who} GET ${url}`).not.toContain("Guarded");
          const res = await http.fetch(dataUrl, { cookie });
          const text = await res.text();
          expect(text, `${who} GET ${dataUrl}`).not.toContain("Guarded");
          expect(text).not.toContain(ids.reviewId);
          if (who === "stranger" && !spec.venueOnly) {
            // The area's own lists: the stranger's own venue, not this one.
            expect(page.status).toBe(spec.manager);
            continue;
          }
          if (who === "stranger" && spec.manager === 405) {
            // A POST-only address: nothing to read, for anyone.
            expect(page.status).toBe(405);
            continue;
          }
          const want = who === "guest" ? "login" : who === "user" ? "account" : "/venue-manager/dashboard";
          expectAnswer(page, want, url, `${who} GET ${url}`);
          expectDataRedirect(res, text, want, url, `${who} GET ${dataUrl}`);
        }
      });

      for (const who of ["manager", "admin"] as const) {
        const res = await http.fetch(url, { cookie: cookies[who] });
        const html = await res.text();
        expect(res.status, `${who} GET ${url}`).toBe(spec.manager);
        if (spec.manager === 200 && (who === "manager" || spec.venueOnly))
          expect(html).toContain("Guarded Manor");
      }
    });
  }

  for (const [file, requests] of Object.entries(ACTION_REQUESTS)) {
    const route = () => MANAGER_ROUTES.find((r) => r.file === file)!;
    for (const spec of requests) {
      it(`${file} ${spec.name}: 401 for a guest, 403 for a user and a manager of another venue, nothing changes; the venue's manager goes through`, async () => {
        // A venue of this request's own: what the other requests did to theirs does not matter.
        const own = await guarded(`Guarded Manor ${spec.name}`);
        const url = urlFor(route().pattern, own);
        const { changedSince, errorsBefore } = await watch.unchanged("refused requests", () =>
          expectRefusedPosts(http, url, () => spec.body(own), [
            { who: "guest", cookie: undefined, status: 401 },
            {
              who: "user",
              cookie: cookies.user,
              status: 403,
              text: "You do not have permission to access the venue manager area",
            },
            {
              who: "stranger",
              cookie: cookies.stranger,
              status: 403,
              text: "You do not have permission to manage this venue",
            },
          ]),
        );

        const res = await http.fetch(url, { method: "POST", ...spec.body(own), cookie: cookies.manager });
        const text = await res.text();
        expect(res.status, `manager POST ${url}: ${text.slice(0, 300)}`).toBe(spec.status ?? 200);
        expect(await changedSince(), `manager POST ${url} changed nothing`).toContain(spec.writes);
        expect(watch.errorsSince(errorsBefore), "errors logged serving the manager").toEqual([]);
      });
    }
  }
});
