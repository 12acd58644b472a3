import express from "express";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { precompressed } from "../../app/infra/precompressed.server";

const js = "export const greeting = 'hello';\n".repeat(100);
let root: string;
let origin: string;
let close: () => void;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "vv-assets-"));
  fs.writeFileSync(path.join(root, "app-abc.js"), js);
  fs.writeFileSync(path.join(root, "app-abc.js.br"), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(root, "app-abc.js.gz"), zlib.gzipSync(js));
  fs.writeFileSync(path.join(root, "plain.txt"), "no copies");
  const options = { immutable: true, maxAge: "1y" };
  const app = express().use("/assets", precompressed(root, options), express.static(root, options));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => {
  close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (file: string, acceptEncoding: string) =>
  fetch(`${origin}/assets/${file}`, { headers: { "accept-encoding": acceptEncoding } });

it("sends the Brotli copy to browsers that take it, else gzip, else the file", async () => {
  const br = await get("app-abc.js", "gzip, deflate, br");
  expect(br.headers.get("content-encoding")).toBe("br");
  expect(br.headers.get("content-type")).toMatch(/javascript/);
  expect(br.headers.get("vary")).toMatch(/Accept-Encoding/i);
  expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(await br.text()).toBe(js); // fetch decodes it

  const gz = await get("app-abc.js", "gzip");
  expect(gz.headers.get("content-encoding")).toBe("gzip");
  expect(await gz.text()).toBe(js);

  const identity = await get("app-abc.js", "identity");
  expect(identity.headers.get("content-encoding")).toBeNull();
  expect(await identity.text()).toBe(js);
});

it("leaves files without copies, and unknown paths, to the static handler", async () => {
  const plain = await get("plain.txt", "br");
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(await plain.text()).toBe("no copies");
  expect((await get("../../etc/passwd", "br")).status).toBe(404);
  expect((await get("missing.js", "br")).status).toBe(404);
});
