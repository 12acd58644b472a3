// Draws the site's static pictures (default venue image, hero slides, social card, placeholder,
// favicon) with the seed's scene painter. Run once after changing a drawing and commit the output:
//   npx tsx scripts/generate-static-art.ts
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { SERIF, sceneSvg, type Canvas } from "../database/seed/painter";

const PUBLIC = path.resolve(import.meta.dirname, "../public");
const IMAGES = path.join(PUBLIC, "images");

async function webp(svg: string, file: string, widths: number[], quality: number): Promise<void> {
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
  for (const [i, width] of widths.entries()) {
    const name = i === 0 ? `${file}.webp` : `${file}-${width}.webp`;
    const out = await sharp(png).resize({ width }).webp({ quality }).toBuffer();
    await fs.writeFile(path.join(IMAGES, name), out);
    console.log(`${name}  ${Math.round(out.byteLength / 1024)} KB`);
  }
}

/** The social card's title on a soft dark panel, so it reads over whatever the scene puts behind it. */
function ogTitle(c: Canvas): void {
  const y = c.H * 0.66;
  c.body.push(
    `<rect x="${c.W / 2 - 400}" y="${y - 110}" width="800" height="190" rx="24" fill="#101814" opacity="0.62"/>`,
    `<text x="${c.W / 2}" y="${y}" text-anchor="middle" font-family="${SERIF}" font-size="104" fill="#fbf8f2">Vows &amp; Vistas</text>`,
    `<text x="${c.W / 2}" y="${y + 56}" text-anchor="middle" font-family="${SERIF}" font-style="italic" font-size="40" fill="#f3e6d8" letter-spacing="2">Colorado Wedding Venues</text>`,
  );
}

const PLACEHOLDER = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067" viewBox="0 0 1600 1067">
  <rect width="1600" height="1067" fill="#efe9df"/>
  <g fill="#d8cdbd">
    <circle cx="930" cy="440" r="46"/>
    <path d="M620 640 L760 470 L840 560 L900 500 L1000 640 Z"/>
  </g>
</svg>
`;

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <circle cx="32" cy="32" r="30" fill="#fbf8f2"/>
  <path d="M8 46 L24 24 L32 34 L40 22 L56 46 Z" fill="#1f4d3f"/>
  <path d="M24 24 L28.5 30 L26 31 L24 28.5 L21.5 31 L20.5 29.5 Z M40 22 L45 29 L42.5 30 L40 27 L37 30.5 L35.5 28.5 Z" fill="#fbf8f2"/>
  <circle cx="32" cy="32" r="27" fill="none" stroke="#b4656f" stroke-width="4"/>
  <circle cx="32" cy="5.5" r="3.5" fill="#fbf8f2" stroke="#b4656f" stroke-width="2"/>
</svg>
`;

async function main(): Promise<void> {
  await fs.mkdir(IMAGES, { recursive: true });
  const scene = (
    type: Parameters<typeof sceneSvg>[0],
    opts: Omit<Parameters<typeof sceneSvg>[1], "W" | "H">,
    W: number,
    H: number,
  ) => sceneSvg(type, { ...opts, W, H });

  await webp(
    scene("garden", { seed: "default-venue", palette: "golden", season: "summer" }, 1600, 1067),
    "default-venue",
    [1600, 800],
    78,
  );
  await webp(
    scene("mountain", { seed: "hero-1", palette: "golden", season: "summer" }, 1920, 1080),
    "hero-1",
    [1920, 960],
    72,
  );
  await webp(
    scene("garden", { seed: "hero-2", palette: "sunrise", season: "summer" }, 1920, 1080),
    "hero-2",
    [1920, 960],
    72,
  );
  await webp(
    scene("waterfront", { seed: "hero-3", palette: "dusk", season: "summer" }, 1920, 1080),
    "hero-3",
    [1920, 960],
    72,
  );

  const og = scene(
    "mountain",
    { seed: "og-image", palette: "golden", season: "summer", overlay: ogTitle },
    1200,
    630,
  );
  const png = await sharp(Buffer.from(og))
    .png({ compressionLevel: 9, palette: true, quality: 95 })
    .toBuffer();
  await fs.writeFile(path.join(PUBLIC, "og-image.png"), png);
  console.log(`og-image.png  ${Math.round(png.byteLength / 1024)} KB`);

  await fs.writeFile(path.join(PUBLIC, "placeholder.svg"), PLACEHOLDER);
  await fs.writeFile(path.join(PUBLIC, "favicon.svg"), FAVICON);
  console.log("placeholder.svg, favicon.svg");
}

await main();
