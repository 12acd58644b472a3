import express from "express";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { builtFiles } from "../../app/infra/built-files.server";

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
  // What builtFiles passes on reaches the router, here a handler that says so.
  const app = express()
    .use("/assets", builtFiles(root, options))
    .use((_req, res) => void res.status(404).send("the router"));
  fs.writeFileSync(path.join(root, "added-later.js"), js);
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

it("sends a file without copies as it is", async () => {
  const plain = await get("plain.txt", "br");
  expect(plain.status).toBe(200);
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(plain.headers.get("vary")).toBeNull();
  expect(await plain.text()).toBe("no copies");
});

it("passes every other path on to the router: unknown, outside the folder, or added after the start", async () => {
  for (const file of ["missing.js", "../../etc/passwd", "%2e%2e/%2e%2e/etc/passwd", "added-later.js"]) {
    const res = await get(file, "br");
    expect(res.status, file).toBe(404);
    expect(await res.text(), file).toBe("the router");
  }
});
