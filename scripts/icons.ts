// Rewrites the icon sprite (app/components/ui/icons.svg) from the list in icon-sprite.ts.
//   npm run icons            write it
//   npm run icons -- --check exit 1 when the file is out of date
import fs from "node:fs";
import { buildSprite, readLucideDrawings } from "./icon-drawings";

const FILE = "app/components/ui/icons.svg";
const sprite = buildSprite(await readLucideDrawings());
if (process.argv.includes("--check")) {
  const current = fs.existsSync(FILE) ? fs.readFileSync(FILE, "utf8") : "";
  if (current !== sprite) {
    console.error(`${FILE} is out of date: run \`npm run icons\``);
    process.exit(1);
  }
} else {
  fs.writeFileSync(FILE, sprite);
  console.log(`Wrote ${FILE}: ${sprite.length} bytes`);
}
