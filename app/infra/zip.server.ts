// A ZIP archive written as a stream (issue 46, ADR 049): a person's data download. Entries come
// one at a time from an async iterable, so at most one entry's bytes are held at once (a JSON
// file, or one photo); each is deflated, or stored when already compressed (images). Plain ZIP,
// no ZIP64: the whole archive is refused past `maxBytes`, which stays well under 4 GiB.
import { pipeline, Readable } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";

const deflateRaw = promisify(zlib.deflateRaw);

export type ZipEntry = {
  /** The path inside the archive ("account.json", "files/venue/photo.webp"). */
  name: string;
  /** The whole entry (sizes known up front), or its chunks (written with a data descriptor). */
  data: Buffer | AsyncIterable<Buffer>;
  /** Deflate it (text); false for what is compressed already (photos). */
  compress?: boolean;
  modified?: Date;
};

/** The archive would pass its cap: the stream ends with this error. */
export class ZipTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The archive would be larger than ${maxBytes} bytes`);
  }
}

/** Without ZIP64, offsets and sizes are 32-bit and entries at most 65,535. */
const PLAIN_ZIP_LIMIT = 0xffff_ffff;
const MAX_ENTRIES = 0xffff;
// Flags: bit 3 (sizes and CRC in a descriptor after the data), bit 11 (names in UTF-8).
const UTF8 = 0x0800;
const DESCRIPTOR = 0x0008;

function dosTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

type Written = {
  name: Buffer;
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
};

function localHeader(e: Omit<Written, "offset">): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(e.flags, 6);
  h.writeUInt16LE(e.method, 8);
  h.writeUInt16LE(e.time, 10);
  h.writeUInt16LE(e.date, 12);
  // With a descriptor these three are zero here and follow the data.
  h.writeUInt32LE(e.flags & DESCRIPTOR ? 0 : e.crc, 14);
  h.writeUInt32LE(e.flags & DESCRIPTOR ? 0 : e.compressed, 18);
  h.writeUInt32LE(e.flags & DESCRIPTOR ? 0 : e.size, 22);
  h.writeUInt16LE(e.name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, e.name]);
}

function descriptor(e: Written): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(e.crc, 4);
  d.writeUInt32LE(e.compressed, 8);
  d.writeUInt32LE(e.size, 12);
  return d;
}

function centralEntry(e: Written): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(e.flags, 8);
  h.writeUInt16LE(e.method, 10);
  h.writeUInt16LE(e.time, 12);
  h.writeUInt16LE(e.date, 14);
  h.writeUInt32LE(e.crc, 16);
  h.writeUInt32LE(e.compressed, 20);
  h.writeUInt32LE(e.size, 24);
  h.writeUInt16LE(e.name.length, 28);
  // Extra field, comment, disk number, internal and external attributes: none.
  h.writeUInt32LE(e.offset, 42);
  return Buffer.concat([h, e.name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const h = Buffer.alloc(22);
  h.writeUInt32LE(0x06054b50, 0);
  h.writeUInt16LE(count, 8);
  h.writeUInt16LE(count, 10);
  h.writeUInt32LE(size, 12);
  h.writeUInt32LE(offset, 16);
  return h;
}

/** An entry's chunks, counted (CRC and size) as they pass, then deflated or passed through. */
function streamed(data: AsyncIterable<Buffer>, compress: boolean, sums: { crc: number; size: number }) {
  async function* counted() {
    for await (const chunk of data) {
      sums.crc = zlib.crc32(chunk, sums.crc);
      sums.size += chunk.length;
      yield chunk;
    }
  }
  const source = Readable.from(counted());
  if (!compress) return source;
  const deflate = zlib.createDeflateRaw();
  // A failure on either side ends both; the loop reading `deflate` then throws it.
  pipeline(source, deflate, () => {});
  return deflate;
}

/**
 * The archive of `entries`, chunk by chunk. Fails with ZipTooLargeError as soon as the bytes
 * written would pass `maxBytes` (what was yielded stays a broken archive: the caller drops it).
 */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  opts: { maxBytes: number },
): AsyncGenerator<Buffer> {
  const maxBytes = Math.min(opts.maxBytes, PLAIN_ZIP_LIMIT);
  const written: Written[] = [];
  let offset = 0;
  const out = (chunk: Buffer) => {
    offset += chunk.length;
    if (offset > maxBytes) throw new ZipTooLargeError(maxBytes);
    return chunk;
  };
  for await (const entry of entries) {
    if (written.length >= MAX_ENTRIES) throw new ZipTooLargeError(maxBytes);
    const compress = entry.compress ?? true;
    const base = {
      name: Buffer.from(entry.name, "utf8"),
      method: compress ? 8 : 0,
      ...dosTime(entry.modified ?? new Date()),
      offset,
    };
    if (Buffer.isBuffer(entry.data)) {
      const body = compress ? await deflateRaw(entry.data) : entry.data;
      const e = {
        ...base,
        flags: UTF8,
        crc: zlib.crc32(entry.data),
        compressed: body.length,
        size: entry.data.length,
      };
      yield out(localHeader(e));
      yield out(body);
      written.push(e);
      continue;
    }
    const e: Written = { ...base, flags: UTF8 | DESCRIPTOR, crc: 0, compressed: 0, size: 0 };
    yield out(localHeader(e));
    const sums = { crc: 0, size: 0 };
    for await (const chunk of streamed(entry.data, compress, sums)) {
      e.compressed += chunk.length;
      yield out(chunk);
    }
    e.crc = sums.crc;
    e.size = sums.size;
    if (e.size > PLAIN_ZIP_LIMIT) throw new ZipTooLargeError(maxBytes);
    yield out(descriptor(e));
    written.push(e);
  }
  const start = offset;
  for (const e of written) yield out(centralEntry(e));
  yield out(endOfDirectory(written.length, offset - start, start));
}
