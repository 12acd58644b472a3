import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { wordDiff } from "~/lib/word-diff";
import { Changes } from "./venue-import-preview";

// What a person (and a screen reader) reads of a long text's change in the CSV preview.
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("the import preview's changes", () => {
  it("keeps a space between the words removed and the words added, and names each", () => {
    const from = "Elopements and weekday weddings are welcome at reduced rates.";
    const to = "Elopements and weekday weddings are welcome under golden aspens.";
    const html = renderToStaticMarkup(
      <Changes changes={[{ field: "description", from, to, diff: wordDiff(from, to) }]} />,
    );
    expect(text(html)).toBe(
      "description: Elopements and weekday weddings are welcome removed: at reduced rates. added: under golden aspens.",
    );
  });

  it("adds no space when words are only removed", () => {
    const from = "A lake and a lawn.";
    const to = "A lawn.";
    const html = renderToStaticMarkup(
      <Changes changes={[{ field: "description", from, to, diff: wordDiff(from, to) }]} />,
    );
    expect(text(html)).toBe("description: A removed: lake and a lawn.");
  });
});
