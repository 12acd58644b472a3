import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepDrainListenersRemovable } from "./compression-drain.server";

const CHUNKS = 40;
const CHUNK_BYTES = 64 * 1024;

/**
 * Serves a page the way React Router does (a web stream written chunk by chunk, waiting for
 * "drain" after each write that meets back-pressure), compressed with Brotli. Returns the process
 * warnings and the "drain" listeners left on the Brotli stream once the page is sent.
 */
async function streamPage(fix: boolean) {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
  process.on("warning", onWarning);
  const brotli: zlib.BrotliCompress[] = [];
  const create = zlib.createBrotliCompress;
  vi.spyOn(zlib, "createBrotliCompress").mockImplementation((options) => {
    const stream = create(options);
    // Without the fix the leak is certain; count it rather than print Node's warning.
    if (!fix) stream.setMaxListeners(0);
    brotli.push(stream);
    return stream;
  });
  const app = express();
  app.use(compression());
  if (fix) app.use(keepDrainListenersRemovable);
  app.get("/", async (_req, res) => {
    res.setHeader("Content-Type", "text/html");
    let i = 0;
    // Incompressible chunks larger than zlib's buffer, so every write meets back-pressure.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i++ === CHUNKS) controller.close();
        else controller.enqueue(crypto.randomBytes(CHUNK_BYTES));
      },
    });
    await writeReadableStreamToWritable(body, res);
  });
  const server = app.listen(0);
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { "accept-encoding": "br" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect((await response.arrayBuffer()).byteLength).toBe(CHUNKS * CHUNK_BYTES);
    await new Promise((r) => setTimeout(r, 50)); // warnings are emitted on a later tick
  } finally {
    server.close();
    process.off("warning", onWarning);
  }
  expect(brotli).toHaveLength(1);
  return { warnings, drainListeners: brotli[0]!.listenerCount("drain") };
}

describe("streamed pages through compression()", () => {
  afterEach(() => vi.restoreAllMocks());

  it("leave a drain listener per pushed-back write on the Brotli stream without the fix", async () => {
    const { drainListeners } = await streamPage(false);
    // Node warns from the eleventh: issue 8's MaxListenersExceededWarning ... BrotliCompress.
    expect(drainListeners).toBeGreaterThan(10);
  });

  it("leave at most the one relay listener, and no warning, with keepDrainListenersRemovable", async () => {
    const { warnings, drainListeners } = await streamPage(true);
    expect(drainListeners).toBeLessThanOrEqual(1);
    expect(warnings).toEqual([]);
  });
});
