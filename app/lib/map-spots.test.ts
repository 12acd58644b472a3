import { describe, expect, it } from "vitest";
import { pointsBySpot } from "./map-spots";

describe("pointsBySpot", () => {
  it("puts the venues of one spot together, so that one marker lists them (issue 22, point 18)", () => {
    const point = (id: string, lat: number, lng: number) => ({
      id,
      name: id,
      path: `/venue/${id}`,
      lat,
      lng,
      image: "",
      price: "",
      rating: 0,
      reviewCount: 0,
    });
    const spots = pointsBySpot([
      point("a", 40.0150001, -105.27),
      point("b", 39.7392, -104.9903),
      point("c", 40.015, -105.2700004),
      point("d", 40.0151, -105.27),
    ]);
    expect(spots.map((s) => s.map((p) => p.id))).toEqual([["a", "c"], ["b"], ["d"]]);
    expect(pointsBySpot([])).toEqual([]);
  });
});
