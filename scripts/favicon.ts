// Writes public/favicon.ico from public/favicon.svg: browsers ask for /favicon.ico where a page
// names no icon (an image opened on its own), and a 404 there is an error in their console.
//   npm run favicon
import fs from "node:fs";
import sharp from "sharp";

const SIZES = [16, 32, 48];
const pngs = await Promise.all(
  SIZES.map((size) => sharp("public/favicon.svg", { density: 384 }).resize(size, size).png().toBuffer()),
);
// An ICO file: a 6-byte header, a 16-byte entry per image, then the images (PNG, as Windows Vista
// and every browser since read them).
const header = Buffer.alloc(6);
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(SIZES.length, 4);
let offset = header.length + 16 * SIZES.length;
const entries = SIZES.map((size, i) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size, 0);
  entry.writeUInt8(size, 1);
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(pngs[i]!.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += pngs[i]!.length;
  return entry;
});
fs.writeFileSync("public/favicon.ico", Buffer.concat([header, ...entries, ...pngs]));
console.log(`Wrote public/favicon.ico: ${offset} bytes`);
