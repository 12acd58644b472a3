import { describe, expect, it } from "vitest";
import {
  attentionItems,
  averageRating,
  managerVenuePath,
  readTab,
  type AttentionFacts,
} from "./venue-attention";

const fine: AttentionFacts = {
  imageCount: 5,
  description: "A barn in a meadow.",
  faqCount: 2,
  latitude: 40.01,
  longitude: -105.27,
  unansweredReviews: 0,
  waitingInquiries: 0,
  pricesStale: false,
};
const keys = (f: Partial<AttentionFacts>) => attentionItems({ ...fine, ...f }).map((i) => i.key);

describe("attentionItems", () => {
  it("finds nothing to fix on a complete venue", () => {
    expect(attentionItems(fine)).toEqual([]);
  });

  it("names each thing to fix, with the tab where it is fixed", () => {
    expect(keys({ imageCount: 0 })).toEqual(["no-images"]);
    expect(keys({ imageCount: 2 })).toEqual(["few-images"]);
    expect(keys({ imageCount: 3 })).toEqual([]);
    expect(keys({ description: "  \n" })).toEqual(["no-description"]);
    expect(keys({ faqCount: 0 })).toEqual(["no-faqs"]);
    expect(keys({ latitude: 0, longitude: 0 })).toEqual(["no-coordinates"]);
    expect(keys({ latitude: null, longitude: -105 })).toEqual(["no-coordinates"]);
    expect(keys({ unansweredReviews: 2 })).toEqual(["unanswered-reviews"]);
    expect(keys({ waitingInquiries: 2 })).toEqual(["waiting-inquiries"]);
    expect(keys({ pricesStale: true })).toEqual(["confirm-prices"]);
    const all = attentionItems({
      imageCount: 1,
      description: "",
      faqCount: 0,
      latitude: 0,
      longitude: 0,
      unansweredReviews: 1,
      waitingInquiries: 1,
      pricesStale: true,
    });
    expect(all.map((i) => [i.key, i.tab])).toEqual([
      ["few-images", "images"],
      ["no-description", "details"],
      ["no-faqs", "faqs"],
      ["no-coordinates", "details"],
      ["unanswered-reviews", "reviews"],
      ["waiting-inquiries", "inquiries"],
      ["confirm-prices", "details"],
    ]);
    expect(all[0]!.label).toBe("Only 1 photo: add at least 3");
    expect(all[4]!.label).toBe("1 review without a reply");
    expect(all[5]!.label).toBe("1 inquiry waiting more than 48 hours");
    expect(all[6]!.label).toBe("Prices and facts not confirmed in 12 months: check them");
    expect(attentionItems({ ...fine, waitingInquiries: 3 })[0]!.label).toBe(
      "3 inquiries waiting more than 48 hours",
    );
  });
});

describe("averageRating", () => {
  it("is the mean of rated venues' ratings to one decimal, null when none is rated", () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([{ rating: 0, reviewCount: 0 }])).toBeNull();
    expect(
      averageRating([
        { rating: 4.5, reviewCount: 2 },
        { rating: 4, reviewCount: 1 },
        { rating: 0, reviewCount: 0 },
      ]),
    ).toBe(4.3);
    expect(averageRating([{ rating: 3.33, reviewCount: 3 }])).toBe(3.3);
  });
});

describe("managerVenuePath and readTab", () => {
  it("opens the edit page on a tab, details without a query", () => {
    expect(managerVenuePath("v1")).toBe("/venue-manager/edit-venue/v1");
    expect(managerVenuePath("v1", "faqs")).toBe("/venue-manager/edit-venue/v1?tab=faqs");
    expect(readTab("reviews")).toBe("reviews");
    expect(readTab("nonsense")).toBe("details");
    expect(readTab(null)).toBe("details");
  });
});
