import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, expect, it } from "vitest";
import { createTarWriter, openTar } from "./archive.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vv-tar-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// A stored key is up to ~100 characters; with "files/" in front some need ustar's name prefix.
const longName = `files/venues/${crypto.randomUUID()}/${crypto.randomUUID()}-${"x".repeat(40)}-1600.webp`;

it("writes a tar that the system's tar lists and unpacks, and reads it back", async () => {
  const file = path.join(dir, "a.tar");
  const small = Buffer.from("{}");
  const odd = crypto.randomBytes(1000);
  const streamed = [crypto.randomBytes(700), crypto.randomBytes(5000)];
  const out = await createTarWriter(file);
  await out.add("manifest.json", small);
  await out.add(longName, odd);
  expect(await out.addStream("database/dump", Readable.from(streamed))).toBe(5700);
  await out.add("empty", Buffer.alloc(0));
  await out.finish();

  expect(longName.length).toBeGreaterThan(100);
  expect(execFileSync("tar", ["-tf", file], { encoding: "utf8" }).trim().split("\n")).toEqual([
    "manifest.json",
    longName,
    "database/dump",
    "empty",
  ]);
  execFileSync("tar", ["-xf", file, "-C", dir]);
  expect(fs.readFileSync(path.join(dir, longName)).equals(odd)).toBe(true);
  expect(fs.readFileSync(path.join(dir, "database/dump")).equals(Buffer.concat(streamed))).toBe(true);

  const tar = await openTar(file);
  try {
    expect([...tar.entries.keys()]).toEqual(["manifest.json", longName, "database/dump", "empty"]);
    expect((await tar.read(longName)).equals(odd)).toBe(true);
    expect((await tar.read("empty")).length).toBe(0);
    const chunks: Buffer[] = [];
    for await (const c of tar.stream("database/dump")) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(Buffer.concat(streamed))).toBe(true);
  } finally {
    await tar.close();
  }
});

it("refuses a damaged or cut archive", async () => {
  const file = path.join(dir, "b.tar");
  const out = await createTarWriter(file);
  await out.add("manifest.json", Buffer.from("{}"));
  await out.finish();
  const bytes = fs.readFileSync(file);
  fs.writeFileSync(path.join(dir, "cut.tar"), bytes.subarray(0, 700));
  await expect(openTar(path.join(dir, "cut.tar"))).rejects.toThrow(/cut short/);
  bytes[10] ^= 0xff;
  fs.writeFileSync(path.join(dir, "bad.tar"), bytes);
  await expect(openTar(path.join(dir, "bad.tar"))).rejects.toThrow(/damaged/);
});
