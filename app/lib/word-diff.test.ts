import { describe, expect, it } from "vitest";
import { wordDiff } from "./word-diff";

describe("wordDiff", () => {
  it("shows a change far into a long text, with a few words around it", () => {
    const start = "Set among aspens with the most dramatic mountain views of the Front Range, ";
    const from = `${start}our barn seats 150 guests for dinner and dancing under the stars every summer.`;
    const to = `${start}our barn seats 180 guests for dinner and dancing under the stars every summer.`;
    expect(wordDiff(from, to)).toEqual({
      before: "…the Front Range, our barn seats ",
      removed: "150",
      added: "180",
      after: " guests for dinner and dancing under…",
    });
  });

  it("handles words added at the end, removed at the start, and no common words", () => {
    expect(wordDiff("A quiet lodge.", "A quiet lodge. Now with a chapel.")).toEqual({
      before: "A quiet lodge.",
      removed: "",
      added: " Now with a chapel.",
      after: "",
    });
    expect(wordDiff("Old note. A quiet lodge.", "A quiet lodge.")).toEqual({
      before: "",
      removed: "Old note. ",
      added: "",
      after: "A quiet lodge.",
    });
    expect(wordDiff("red", "blue")).toEqual({ before: "", removed: "red", added: "blue", after: "" });
  });
});
