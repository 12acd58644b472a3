// Build step: writes Brotli (.br) and gzip (.gz) copies of the built client files that compress,
// so the server sends them as they are instead of compressing on every request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const ROOT = "build/client";
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html|map)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(ROOT)) {
  const raw = fs.readFileSync(file);
  if (raw.byteLength < 512) continue; // not worth a round of decompression
  const br = zlib.brotliCompressSync(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
    },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
  count += 1;
  before += raw.byteLength;
  after += br.byteLength;
}
console.log(
  `Pre-compressed ${count} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB Brotli`,
);
