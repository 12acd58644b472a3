import http from "node:http";

// A raw HTTP client for the fuzz suite: fetch() normalises too much (it will not send a body
// with a declared length it does not have, nor stop half-way through one), so requests go out
// through node:http exactly as generated.

export type Body =
  /** These bytes, framed with Content-Length or as chunks. */
  | { kind: "bytes"; bytes: Buffer; framing: "length" | "chunked" }
  /** Headers only, declaring a length far above the limit; the answer is awaited, not the upload. */
  | { kind: "declared"; length: number }
  /** No declared length: chunks of `fill` until `size` bytes are sent or the server answers. */
  | { kind: "stream"; size: number; fill: Buffer }
  /** Declares `declared` bytes, sends `sent`, then drops the connection (an aborted upload). */
  | { kind: "abort"; declared: number; sent: number };

export type RawRequest = { method: string; path: string; headers: Record<string, string>; body: Body };

export type RawResponse =
  { status: number; headers: http.IncomingHttpHeaders; body: Buffer } | { status: undefined; error: string };

const CHUNK = 16 * 1024;

export async function sendRaw(
  origin: string,
  req: RawRequest,
  opts: { agent: http.Agent; timeoutMs: number },
): Promise<RawResponse> {
  const first = await sendOnce(origin, req, opts);
  // A kept-alive connection the server closed just as we reused it: not the request's doing.
  // Node's documented remedy is to send again, here on a new connection.
  if (first.status === undefined && first.reused) return sendOnce(origin, req, { ...opts, fresh: true });
  return first;
}

function sendOnce(
  origin: string,
  req: RawRequest,
  opts: { agent: http.Agent; timeoutMs: number; fresh?: boolean },
): Promise<RawResponse & { reused?: boolean }> {
  const url = new URL(origin);
  const { body } = req;
  const headers: Record<string, string> = { ...req.headers };
  // Connections that the server may close half-way (or that we drop) do not go back to the pool.
  const ownConnection = opts.fresh || body.kind !== "bytes" || body.bytes.length > 64 * 1024;
  if (body.kind === "bytes" && body.framing === "length")
    headers["content-length"] = String(body.bytes.length);
  if (body.kind === "bytes" && body.framing === "chunked") headers["transfer-encoding"] = "chunked";
  if (body.kind === "declared") headers["content-length"] = String(body.length);
  if (body.kind === "stream") headers["transfer-encoding"] = "chunked";
  if (body.kind === "abort") headers["content-length"] = String(body.declared);

  return new Promise((resolve) => {
    let settled = false;
    let answered = false;
    const finish = (r: RawResponse & { reused?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const request = http.request({
      host: url.hostname,
      port: url.port,
      method: req.method,
      path: req.path,
      headers,
      agent: ownConnection ? false : opts.agent,
      setHost: true,
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: undefined, error: `no answer within ${opts.timeoutMs} ms` });
    }, opts.timeoutMs);

    request.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        finish({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) });
        if (ownConnection) request.destroy();
      });
      res.on("error", () =>
        finish({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", (err: NodeJS.ErrnoException) => {
      // Once the answer is in, a write that fails because the server closed the connection
      // after refusing the body is expected.
      if (!answered)
        finish({
          status: undefined,
          error: err.code ?? err.message,
          reused: request.reusedSocket && (err.code === "ECONNRESET" || err.code === "EPIPE"),
        });
    });

    switch (body.kind) {
      case "bytes":
        if (body.framing === "chunked" && body.bytes.length > 1) {
          const half = Math.floor(body.bytes.length / 2);
          request.write(body.bytes.subarray(0, half));
          request.end(body.bytes.subarray(half));
        } else request.end(body.bytes);
        break;
      case "declared":
        request.flushHeaders();
        break;
      case "stream":
        void (async () => {
          let sent = 0;
          while (sent < body.size && !answered && !request.destroyed) {
            const piece = body.fill.subarray(0, Math.min(CHUNK, body.size - sent));
            sent += piece.length;
            if (!request.write(piece)) await drained(request);
          }
          if (!answered && !request.destroyed) request.end();
        })();
        break;
      case "abort":
        request.write(Buffer.alloc(body.sent, "a"));
        setTimeout(() => {
          if (answered) return;
          request.destroy();
          finish({ status: undefined, error: "aborted" });
        }, 30);
        break;
    }
  });
}

/** Resolves when the request can take more data, or will not need to (answered or closed). */
function drained(request: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      request.off("drain", done).off("response", done).off("close", done);
      resolve();
    };
    request.on("drain", done).on("response", done).on("close", done);
  });
}

/** The request as it went on the wire, printable (and replayable) in a failure message. */
export function describeRequest(origin: string, req: RawRequest): string {
  const lines = [`${req.method} ${origin}${req.path}`];
  for (const [k, v] of Object.entries(req.headers))
    lines.push(`${k}: ${printable(Buffer.from(v, "latin1"))}`);
  const b = req.body;
  switch (b.kind) {
    case "bytes": {
      lines.push(b.framing === "length" ? `content-length: ${b.bytes.length}` : "transfer-encoding: chunked");
      const shown = b.bytes.subarray(0, 1500);
      lines.push(
        `body (${b.bytes.length} bytes, as a $'...' string): $'${printable(shown)}'${
          shown.length < b.bytes.length ? ` ... (${b.bytes.length - shown.length} more bytes)` : ""
        }`,
      );
      break;
    }
    case "declared":
      lines.push(`content-length: ${b.length}`, "body: none sent (the answer is awaited first)");
      break;
    case "stream":
      lines.push(
        "transfer-encoding: chunked",
        `body: ${b.size} bytes, repeating $'${printable(b.fill.subarray(0, 60))}'...`,
      );
      break;
    case "abort":
      lines.push(
        `content-length: ${b.declared}`,
        `body: ${b.sent} bytes of 'a', then the connection is closed`,
      );
      break;
  }
  return lines.join("\n    ");
}

/** Bytes as a bash $'...' string: printable ASCII as is, everything else as \xNN. */
function printable(bytes: Buffer): string {
  let out = "";
  for (const byte of bytes) {
    if (byte === 0x27 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\x${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}
