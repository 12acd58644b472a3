// Rewrites the icon sprite (app/components/ui/icons.svg) from the list in icon-sprite.ts, and the
// CSS drawings of the icons the public pages show (app/styles/icons.css, MASK_ICONS).
//   npm run icons            write them
//   npm run icons -- --check exit 1 when a file is out of date
import fs from "node:fs";
import { buildMaskCss, buildSprite, readLucideDrawings } from "./icon-drawings";

const drawings = await readLucideDrawings();
const files = {
  "app/components/ui/icons.svg": buildSprite(drawings),
  "app/styles/icons.css": buildMaskCss(drawings),
};
let stale = false;
for (const [file, text] of Object.entries(files)) {
  if (process.argv.includes("--check")) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    if (current !== text) {
      console.error(`${file} is out of date: run \`npm run icons\``);
      stale = true;
    }
  } else {
    fs.writeFileSync(file, text);
    console.log(`Wrote ${file}: ${text.length} bytes`);
  }
}
if (stale) process.exit(1);
