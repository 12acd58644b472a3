// Issue 41, 'the couple's context is one object', against a real database (PGlite, and
// PostgreSQL with TEST_DATABASE_URL): the same date (or flexible month) and guests give the same
// figure on the search's card, the venue page and /compare; the links between them, back to
// /venues and to the inquiry form keep the context; the inquiry form fills it in.
import { describe, expect, it } from "vitest";
import { venueAvailability } from "../../database/schema";
import { utcDay } from "../../app/lib/dates";
import { estimateLabel, pricingModel, type PricingModel } from "../../app/lib/estimate";
import { DEFAULT_FILTERS } from "../../app/lib/search";
import { inquiryFormPath, venuePath } from "../../app/lib/venue-url";
import { searchVenues } from "../../app/services/search.server";
import { createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { at, scope } from "../setup/search";
import { type TestApp } from "../setup/test-app";

let t: TestApp;
let http: HttpTestApp;
withHttpApp(
  async (app) => {
    ({ t, http } = app);
  },
  { timeout: 120_000 },
);

// Next June, so the test means the same whenever it runs: its first Saturday and the month.
const JUNE = `${Number(utcDay().slice(0, 4)) + 1}-06`;
const SATURDAY = (() => {
  const d = new Date(`${JUNE}-01T00:00:00Z`);
  while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();

// 3,200 + 100 × 120 = 15,200 standard; June adds 20 %: 18,240 on a weekend, 16,416 on a weekday
// (10 % off), so the flexible month reads 'About $16,416–$18,240'.
const juneModel: PricingModel = pricingModel({
  baseFee: 3200,
  perGuest: 100,
  peakMonths: [6],
  peakPercent: 20,
  weekdayPercent: 10,
});
const noPrice = { pricePerEvent: null, priceLow: null, priceHigh: null, priceRange: null };

/** The page's HTML with entities read back, so labels compare as the visitor reads them. */
async function page(path: string): Promise<{ status: number; html: string }> {
  const res = await http.fetch(path);
  const html = (await res.text())
    .replaceAll("<!-- -->", "")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'");
  return { status: res.status, html };
}

async function pricedVenue() {
  const town = scope();
  const venue = await createVenue(t.db, {
    name: `Context Hall ${town}`,
    location: at(town),
    capacity: 200,
    ...noPrice,
    pricingModel: juneModel,
  });
  return { town, venue };
}

describe("one figure for one context", () => {
  it("gives the card, the venue page and /compare the same estimate for a date and guests", async () => {
    const { town, venue } = await pricedVenue();
    const [card] = (
      await searchVenues(t.db, { ...DEFAULT_FILTERS, location: town, guests: 120 }, { date: SATURDAY })
    ).venues;
    const label = estimateLabel(card!.estimate!);
    expect(label).toBe("About $18,240 for 120 guests");

    const context = `guests=120&date=${SATURDAY}`;
    const search = await page(`/venues?location=${town}&view=list&${context}`);
    expect(search.html).toContain(label);
    // The card opens the venue page with the context.
    expect(search.html).toContain(`href="${venuePath(venue)}?${context}"`);

    const venuePage = await page(`${venuePath(venue)}?${context}`);
    expect(venuePage.status).toBe(200);
    expect(venuePage.html).toContain(label);
    const compare = await page(`/compare?ids=${venue.id}&${context}`);
    expect(compare.status).toBe(200);
    expect(compare.html).toContain(label);
    // Without the date, the standard price: what the issue saw on both pages.
    expect((await page(`${venuePath(venue)}?guests=120`)).html).toContain("About $15,200 for 120 guests");
  });

  it("shows the flexible month's range on the card, the venue page and /compare", async () => {
    const { town, venue } = await pricedVenue();
    const [card] = (
      await searchVenues(t.db, { ...DEFAULT_FILTERS, location: town, guests: 120, month: JUNE })
    ).venues;
    const label = estimateLabel(card!.estimate!);
    expect(label).toBe("About $16,416–$18,240 for 120 guests");
    const context = `guests=120&month=${JUNE}`;
    expect((await page(`/venues?location=${town}&view=list&${context}`)).html).toContain(label);
    expect((await page(`${venuePath(venue)}?${context}`)).html).toContain(label);
    expect((await page(`/compare?ids=${venue.id}&${context}`)).html).toContain(label);
  });

  it("keeps each address's own figure through the page cache", async () => {
    const { venue } = await pricedVenue();
    for (let round = 0; round < 2; round++) {
      expect((await page(`${venuePath(venue)}?guests=120&date=${SATURDAY}`)).html).toContain("$18,240");
      expect((await page(`${venuePath(venue)}?guests=120`)).html).toContain("$15,200");
    }
  });
});

describe("the context travels", () => {
  it("the venue page: the day's availability, the form, and links back, to the inquiry and to each tab keep it", async () => {
    const { venue } = await pricedVenue();
    await t.db
      .insert(venueAvailability)
      .values({ venueId: venue.id, startsOn: SATURDAY, endsOn: SATURDAY, status: "booked" });
    const context = `guests=120&date=${SATURDAY}`;
    const { html } = await page(`${venuePath(venue)}?${context}`);
    expect(html).toMatch(/data-testid="venue-date-availability"[^>]*>.*June \d+, \d{4}:.*Booked/);
    // The GET form holds the context, to change it.
    expect(html).toMatch(
      new RegExp(`name="date"[^>]*value="${SATURDAY}"|value="${SATURDAY}"[^>]*name="date"`),
    );
    expect(html).toMatch(/name="guests"[^>]*value="120"|value="120"[^>]*name="guests"/);
    expect(html).toContain(`href="/venues?${context}"`);
    expect(html).toContain(`href="${inquiryFormPath(venue)}?${context}"`);
    // Its tabs are links too (ADR 020): the chosen tab changes, the context stays.
    expect(html).toContain(`href="?tab=reviews&${context}"`);
    expect(html).toContain(`href="${venuePath(venue)}?${context}"`);
  });

  it("/compare: its links to the venues and its Remove links keep it; its form holds it", async () => {
    const { venue } = await pricedVenue();
    const other = await createVenue(t.db, { name: `Other ${scope()}` });
    const context = `guests=120&month=${JUNE}`;
    const { html } = await page(`/compare?ids=${venue.id},${other.id}&${context}`);
    expect(html).toContain(`href="${venuePath(venue)}?${context}"`);
    expect(html).toContain(`href="/compare?ids=${venue.id},${other.id}&remove=${venue.id}&${context}"`);
    expect(html).toMatch(new RegExp(`name="month"[^>]*value="${JUNE}"|value="${JUNE}"[^>]*name="month"`));
    // Without scripts, 'Compare' on a card keeps the month too.
    const added = await http.fetch(`/compare?add=${other.id}&${context}`, { cookie: "" });
    expect(added.headers.get("location")).toBe(`/compare?ids=${other.id}&${context}`);
  });

  it("a refused date is left out everywhere, with why, and the guests kept", async () => {
    const { venue } = await pricedVenue();
    const past = await page(`${venuePath(venue)}?guests=120&date=2020-06-13`);
    expect(past.status).toBe(400);
    expect(past.html).toContain("About $15,200 for 120 guests");
    expect(past.html).toContain('href="/venues?guests=120"');
    const compare = await page(`/compare?ids=${venue.id}&guests=120&month=2020-06`);
    expect(compare.status).toBe(400);
    expect(compare.html).toContain(`href="${venuePath(venue)}?guests=120"`);
  });
});

describe("the inquiry form", () => {
  it("fills in the date and guests of the context, still editable", async () => {
    const { venue } = await pricedVenue();
    const { status, html } = await page(`${inquiryFormPath(venue)}?guests=120&date=${SATURDAY}`);
    expect(status).toBe(200);
    const input = (name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(input("guests")).toContain('value="120"');
    expect(input("weddingDate")).toContain(`value="${SATURDAY}"`);
    expect(input("weddingDate")).not.toContain("readonly");
    expect(input("dateFlexible")).not.toContain("checked");
    // The breadcrumb goes back with it.
    expect(html).toContain(`href="${venuePath(venue)}?guests=120&date=${SATURDAY}"`);

    // A flexible month ticks 'Flexible' and leaves the date to the couple.
    const flexible = await page(`${inquiryFormPath(venue)}?guests=90&month=${JUNE}`);
    const dateField = new RegExp(`<input[^>]*name="weddingDate"[^>]*>`).exec(flexible.html)![0];
    expect(dateField).not.toContain("value=");
    expect(new RegExp(`<input[^>]*name="dateFlexible"[^>]*>`).exec(flexible.html)![0]).toContain("checked");
    // Without a context, nothing is filled in.
    const plain = await page(inquiryFormPath(venue));
    expect(new RegExp(`<input[^>]*name="guests"[^>]*>`).exec(plain.html)![0]).not.toContain("value=");
  });

  it("posted without the script from the context's address, goes back to the venue page with it", async () => {
    const { venue } = await pricedVenue();
    const context = `guests=120&date=${SATURDAY}`;
    const res = await http.fetch(`${inquiryFormPath(venue)}?${context}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams({
        name: "Avery Couple",
        email: `avery-${scope()}@couple.example`,
        weddingDate: SATURDAY,
        guests: "120",
        message: "Is your hall free that Saturday for 120 guests?",
        formStamp: t.stamps.issue(`inquiry:${venue.id}`, Date.now() - 10_000),
        website: "",
      }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${venuePath(venue)}?${context}`);
  });
});
