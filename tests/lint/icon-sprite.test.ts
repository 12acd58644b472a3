import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readLucideDrawings } from "../../scripts/icon-drawings";
import { buildMaskCss, buildSprite, ICONS, MASK_ICONS } from "../../app/components/ui/icon-sprite";

describe("the icon sprite", () => {
  it("is lucide's drawing of every listed icon, as `npm run icons` writes it", async () => {
    const file = fs.readFileSync(
      path.resolve(import.meta.dirname, "../../app/components/ui/icons.svg"),
      "utf8",
    );
    expect(file).toBe(buildSprite(await readLucideDrawings()));
  });

  it("is the CSS drawing of every icon drawn by CSS, as `npm run icons` writes it", async () => {
    const file = fs.readFileSync(path.resolve(import.meta.dirname, "../../app/styles/icons.css"), "utf8");
    expect(file).toBe(buildMaskCss(await readLucideDrawings()));
    for (const name of MASK_ICONS) expect(file).toContain(`@utility i-${name} {`);
  });

  it("exports one component per listed icon", async () => {
    const icons = await import("../../app/components/ui/icons");
    expect(Object.keys(icons).sort()).toEqual(Object.keys(ICONS).sort());
  });

  it("escapes attribute values", () => {
    expect(buildSprite({ a: [["path", { d: 'M"<&', key: "k" }]] })).toContain(
      '<symbol id="a" viewBox="0 0 24 24"><path d="M&quot;&lt;&amp;"/></symbol>',
    );
  });
});
