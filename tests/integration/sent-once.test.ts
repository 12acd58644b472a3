import { describe, expect, it } from "vitest";
import { reviews } from "../../database/schema";
import { venuePath } from "../../app/lib/venue-url";
import { createFaq, createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

// ADR 052: what a venue page only shows (its reviews, questions and calendar) is in its HTML once,
// not again in the hydration data; a data request still carries it.
let t: TestApp;
let web: HttpTestApp;
withHttpApp((app) => ({ t, http: web } = app), { timeout: 120_000 });

const HTML = { accept: "text/html,application/xhtml+xml" };
const times = (text: string, part: string) => text.split(part).length - 1;

describe("a venue page's text, sent once", () => {
  it("is in a page's HTML once, in its data requests, and twice for a signed-in visitor", async () => {
    const venue = await createVenue(t.db, { name: "Sent Once Meadow" });
    await createFaq(t.db, venue.id, "Is there parking for a hundred cars?", 10);
    const answer = "Answer to Is there parking for a hundred cars?";
    const author = await t.signUp({ name: "Rowan Reviewer" });
    const comment = "The aspens turned gold the week of our wedding.";
    await t.db.insert(reviews).values({ venueId: venue.id, userId: author.id, rating: 5, comment });
    const page = venuePath(venue);

    const html = await (await web.fetch(page, { headers: HTML })).text();
    for (const shown of [comment, answer, "Availability for the next 12 months"])
      expect(times(html, shown)).toBe(1);
    for (const island of ["venue-review-list", "venue-faqs", "venue-calendar"])
      expect(html).toContain(`id="${island}"`);

    // The browser's own loads (a link, a revalidation) bring the values themselves.
    const data = await (await web.fetch(`${page}.data`)).text();
    expect(data).toContain(comment);
    expect(data).toContain(answer);
    expect(data).toContain('"calendar"');

    // A signed-in visitor's reviews link to their report form: they are hydrated.
    const reader = await t.signUp();
    const signedIn = await (await web.fetch(page, { headers: HTML, cookie: reader.cookie })).text();
    expect(times(signedIn, comment)).toBe(2);
    expect(times(signedIn, answer)).toBe(1);
  });
});
