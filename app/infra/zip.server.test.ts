import crypto from "node:crypto";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { zipStream, ZipTooLargeError, type ZipEntry } from "./zip.server";

// The archive is read back by an independent reader (fflate), byte for byte.

async function zip(entries: ZipEntry[], maxBytes = 10_000_000): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries, { maxBytes })) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* chunksOf(data: Buffer, size: number) {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

const text = (s: string) => Buffer.from(s, "utf8");

describe("zipStream", () => {
  it("writes whole and streamed entries, deflated and stored, that another reader reads back", async () => {
    const json = text(JSON.stringify({ name: "Casey", note: "é ☃".repeat(500) }, null, 2));
    const photo = crypto.randomBytes(300_000);
    const big = text("line of text\n".repeat(50_000));
    const archive = await zip([
      { name: "account.json", data: json },
      { name: "files/venue/photo.webp", data: photo, compress: false },
      { name: "streamed/deflated.txt", data: chunksOf(big, 7_001) },
      { name: "streamed/stored.bin", data: chunksOf(photo, 65_536), compress: false },
      { name: "empty.json", data: Buffer.alloc(0) },
      { name: "naïve/café.txt", data: text("ok") },
    ]);
    const read = unzipSync(new Uint8Array(archive));
    expect(Object.keys(read)).toEqual([
      "account.json",
      "files/venue/photo.webp",
      "streamed/deflated.txt",
      "streamed/stored.bin",
      "empty.json",
      "naïve/café.txt",
    ]);
    expect(Buffer.from(read["account.json"]!).equals(json)).toBe(true);
    expect(Buffer.from(read["files/venue/photo.webp"]!).equals(photo)).toBe(true);
    expect(Buffer.from(read["streamed/deflated.txt"]!).equals(big)).toBe(true);
    expect(Buffer.from(read["streamed/stored.bin"]!).equals(photo)).toBe(true);
    expect(read["empty.json"]!.length).toBe(0);
    expect(Buffer.from(read["naïve/café.txt"]!).toString()).toBe("ok");
    // Text is deflated: the repeated lines take a fraction of their size.
    expect(archive.length).toBeLessThan(2 * photo.length + big.length / 10);
  });

  it("an empty archive is a valid one", async () => {
    expect(unzipSync(new Uint8Array(await zip([])))).toEqual({});
  });

  it("stops with ZipTooLargeError once the cap would be passed, before reading further entries", async () => {
    let asked = 0;
    async function* entries(): AsyncGenerator<ZipEntry> {
      for (let i = 0; i < 100; i++) {
        asked++;
        yield { name: `files/${i}.bin`, data: crypto.randomBytes(10_000), compress: false };
      }
    }
    const seen: number[] = [];
    const run = async () => {
      for await (const chunk of zipStream(entries(), { maxBytes: 35_000 })) seen.push(chunk.length);
    };
    await expect(run()).rejects.toBeInstanceOf(ZipTooLargeError);
    expect(seen.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(35_000);
    expect(asked).toBeLessThan(5);
  });

  it("a failing entry stream fails the archive", async () => {
    async function* failing() {
      yield text("a");
      throw new Error("storage went away");
    }
    await expect(zip([{ name: "x.txt", data: failing() }])).rejects.toThrow("storage went away");
  });
});
