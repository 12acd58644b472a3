import { describe, expect, it } from "vitest";
import { changeImageList } from "./image-order";

const list = ["a", "b", "c"];

describe("changeImageList", () => {
  it("removes, makes the cover, and moves one place", () => {
    expect(changeImageList(list, "b", "remove")).toEqual(["a", "c"]);
    expect(changeImageList(list, "c", "cover")).toEqual(["c", "a", "b"]);
    expect(changeImageList(list, "b", "up")).toEqual(["b", "a", "c"]);
    expect(changeImageList(list, "b", "down")).toEqual(["a", "c", "b"]);
    expect(list).toEqual(["a", "b", "c"]);
  });

  it("refuses what cannot be done: an unknown image, the cover as cover, moves past the ends", () => {
    expect(changeImageList(list, "x", "remove")).toBeNull();
    expect(changeImageList(list, "a", "cover")).toBeNull();
    expect(changeImageList(list, "a", "up")).toBeNull();
    expect(changeImageList(list, "c", "down")).toBeNull();
  });
});
