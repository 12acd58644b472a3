import { isUuid } from "./uuid";
import { describe, expect, it } from "vitest";
import {
  parseVenueParam,
  slugify,
  venueIdOfPagePath,
  venuePath,
  venueTab,
  venueTabHref,
  venueTabPath,
} from "./venue-url";

const id = "3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b";

describe("venue URLs", () => {
  it("slugs the name: lowercase, spaces to hyphens, non-word characters removed", () => {
    expect(slugify("The Larkspur Estate & Gardens!")).toBe("the-larkspur-estate-gardens");
    expect(slugify("Élan Lodge")).toBe("lan-lodge");
  });

  it("builds /venue/{slug}-{id}", () => {
    expect(venuePath({ id, name: "Aspen Hollow Barn" })).toBe(`/venue/aspen-hollow-barn-${id}`);
  });

  it("takes the trailing UUID, else the last hyphen segment", () => {
    expect(parseVenueParam(`aspen-hollow-barn-${id}`)).toBe(id);
    expect(parseVenueParam(id)).toBe(id);
    expect(parseVenueParam("some-venue-42")).toBe("42");
    expect(isUuid("42")).toBe(false);
    expect(isUuid(id)).toBe(true);
  });

  it("puts a chosen tab in the address, the Overview being the bare page", () => {
    const venue = { id, name: "Aspen Hollow Barn" };
    expect(venueTabPath(venue, "overview")).toBe(`/venue/aspen-hollow-barn-${id}`);
    expect(venueTabPath(venue, "faq")).toBe(`/venue/aspen-hollow-barn-${id}?tab=faq`);
    expect(venueTabPath(venue, "reviews", { writeReview: true })).toBe(
      `/venue/aspen-hollow-barn-${id}?tab=reviews&review=write`,
    );
    expect(venueTabHref(venue, "faq")).toBe("?tab=faq");
    expect(venueTabHref(venue, "overview")).toBe(`/venue/aspen-hollow-barn-${id}`);
    expect(venueTab("reviews")).toBe("reviews");
    expect(venueTab("REVIEWS")).toBe("overview");
    expect(venueTab(null)).toBe("overview");
  });
});

describe("venueIdOfPagePath", () => {
  it("finds the venue of its page and of the page's data request", () => {
    expect(venueIdOfPagePath(`/venue/aspen-hollow-barn-${id}`)).toBe(id);
    expect(venueIdOfPagePath(`/venue/aspen-hollow-barn-${id}.data`)).toBe(id);
    expect(venueIdOfPagePath(`/venue/${id.toUpperCase()}`)).toBe(id);
  });

  it("is null for any other address", () => {
    for (const path of ["/venues", `/venue/${id}/more`, "/venue/not-a-venue", `/out/${id}`, `/venue/`])
      expect(venueIdOfPagePath(path), path).toBeNull();
  });
});
