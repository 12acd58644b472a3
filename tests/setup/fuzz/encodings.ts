import fc from "fast-check";
import { FORM_BODY_LIMIT } from "../../../app/infra/form.server";
import { ODD_CONTENT_TYPES, RAW_FRAGMENTS } from "./corpus";
import { hex, percent, pick, type Pair } from "./forms";
import type { Body } from "./raw-http";

// How a fuzzed request's fields go out: framed right or wrong (content type, multipart
// structure, size, chunking, aborted uploads), each way tagged for the counts.

const urlencode = (pairs: Pair[]) => new URLSearchParams(pairs.map((p) => [p.k, p.v])).toString();

/** A multipart body as browsers write it (names escaped as the HTML spec says). */
function multipart(pairs: Pair[], boundary: string, opts: { file?: Buffer; eol?: string } = {}): Buffer {
  const eol = opts.eol ?? "\r\n";
  const esc = (s: string) => s.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const parts: Buffer[] = pairs.map((p) =>
    Buffer.from(
      `--${boundary}${eol}Content-Disposition: form-data; name="${esc(p.k)}"${eol}${eol}${p.v}${eol}`,
    ),
  );
  if (opts.file)
    parts.push(
      Buffer.from(
        `--${boundary}${eol}Content-Disposition: form-data; name="avatar"; filename="a.png"${eol}Content-Type: image/png${eol}${eol}`,
      ),
      opts.file,
      Buffer.from(eol),
    );
  parts.push(Buffer.from(`--${boundary}--${eol}`));
  return Buffer.concat(parts);
}

/** `form`: whether the generated fields went out (as opposed to a body of another kind). */
type Encoded = { body: Body; contentType?: string; tag: string; form?: boolean };
export const bytes = (b: Buffer | string, framing: "length" | "chunked" = "length"): Body => ({
  kind: "bytes",
  bytes: Buffer.isBuffer(b) ? b : Buffer.from(b),
  framing,
});
const lazy = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
export const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** The same form, framed right or wrong; `formLimit` is the action's limit for a plain form. */
export function encodingArb(pairs: Pair[], formLimit = FORM_BODY_LIMIT): fc.Arbitrary<Encoded> {
  const boundary = hex(16).map((h) => `----fuzz${h}`);
  // Bodies are built only for the framing drawn (a value may be 90,000 characters long).
  const text = lazy(() => urlencode(pairs));
  const wellFormed = boundary.map((b) => ({ b, body: multipart(pairs, b) }));
  return fc.oneof(
    {
      weight: 34,
      arbitrary: fc
        .tuple(
          pick([FORM, `${FORM}; charset=UTF-8`, "Application/X-WWW-Form-Urlencoded"]),
          fc.boolean(),
          percent,
        )
        .map(([ct, chunked, n]) => ({
          body: bytes(text(), chunked && n < 20 ? "chunked" : "length"),
          contentType: ct,
          tag: "body:urlencoded",
          form: true,
        })),
    },
    {
      weight: 6,
      arbitrary: fc
        .array(fc.tuple(pick(RAW_FRAGMENTS), fc.nat()), { minLength: 1, maxLength: 4 })
        .map((frags) => {
          let s = text();
          for (const [f, at] of frags) {
            const i = s.length ? at % (s.length + 1) : 0;
            s = s.slice(0, i) + f + s.slice(i);
          }
          const raw = Buffer.concat([Buffer.from(s), Buffer.from([0x80, 0xff, 0xc3])]);
          return { body: bytes(raw), contentType: FORM, tag: "body:urlencoded-broken", form: true };
        }),
    },
    {
      weight: 12,
      arbitrary: fc
        .tuple(boundary, fc.option(fc.uint8Array({ maxLength: 300 }), { freq: 4 }))
        .map(([b, file]) => ({
          body: bytes(multipart(pairs, b, { file: file ? Buffer.from(file) : undefined })),
          contentType: `${MULTIPART}; boundary=${b}`,
          tag: "body:multipart",
          form: true,
        })),
    },
    {
      weight: 4,
      arbitrary: wellFormed.map(({ body }) => ({
        body: bytes(body),
        contentType: MULTIPART,
        tag: "body:multipart-no-boundary",
        form: true,
      })),
    },
    {
      weight: 5,
      arbitrary: wellFormed.chain(({ b, body }) =>
        fc.noBias(fc.nat(Math.max(0, body.length - 2))).map((cut) => ({
          body: bytes(body.subarray(0, cut)),
          contentType: `${MULTIPART}; boundary=${b}`,
          tag: "body:multipart-truncated",
          form: true,
        })),
      ),
    },
    { weight: 5, arbitrary: brokenMultipart(pairs) },
    {
      weight: 4,
      arbitrary: fc
        .constantFrom(
          () => JSON.stringify(Object.fromEntries(pairs.map((p) => [p.k, p.v]))),
          () => `{"email": "${pairs[0]?.v ?? ""}"`,
          () => "[]",
          () => "null",
          () => '{"__proto__": {"admin": true}}',
        )
        .map((s) => ({ body: bytes(s()), contentType: "application/json", tag: "body:json" })),
    },
    {
      weight: 3,
      arbitrary: fc.constant(null).map(() => ({
        body: bytes(pairs.map((p) => `${p.k}=${p.v}`).join("\r\n")),
        contentType: "text/plain",
        tag: "body:text-plain",
        form: true,
      })),
    },
    {
      weight: 4,
      arbitrary: fc
        .constant(null)
        .map(() => ({ body: bytes(text()), tag: "body:no-content-type", form: true })),
    },
    {
      weight: 4,
      arbitrary: pick(ODD_CONTENT_TYPES).map((ct) => ({
        body: bytes(text()),
        contentType: ct,
        tag: "body:odd-content-type",
        form: true,
      })),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.uint8Array({ minLength: 1, maxLength: 2048 }),
          fc.option(pick([FORM, MULTIPART, "application/json"])),
        )
        .map(([garbage, ct]) => ({
          body: bytes(Buffer.from(garbage)),
          contentType: ct ?? undefined,
          tag: "body:garbage-bytes",
        })),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.option(pick([FORM, `${MULTIPART}; boundary=x`, "text/plain"])),
          pick(["length", "chunked"] as const),
        )
        .map(([ct, framing]) => ({
          body: bytes(Buffer.alloc(0), framing),
          contentType: ct ?? undefined,
          tag: "body:empty",
        })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(formLimit + 1, 2 * 1024 * 1024, 200 * 1024 * 1024, 600 * 1024 * 1024)
        .map((length) => ({
          body: { kind: "declared", length } as Body,
          contentType: FORM,
          tag: "body:huge-declared",
        })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.integer({ min: FORM_BODY_LIMIT + 1, max: 4 * FORM_BODY_LIMIT }),
          pick([FORM, `${MULTIPART}; boundary=x`]),
        )
        .map(([size, ct]) => ({
          body: { kind: "stream", size, fill: Buffer.from(`name=${"a".repeat(16 * 1024)}&`) } as Body,
          contentType: ct,
          tag: "body:huge-chunked",
        })),
    },
    {
      weight: 2,
      arbitrary: fc.integer({ min: 1, max: 20 * 1024 }).map((extra) => ({
        body: bytes(`comment=${"x".repeat(FORM_BODY_LIMIT + extra)}`),
        contentType: FORM,
        tag: "body:over-limit-sent",
      })),
    },
    {
      weight: 3,
      arbitrary: fc.integer({ min: 50 * 1024, max: FORM_BODY_LIMIT - 2048 }).map((n) => ({
        body: bytes(`${text()}&${pairs[0]?.k ?? "comment"}=${"y".repeat(n)}`.slice(0, FORM_BODY_LIMIT - 1)),
        contentType: FORM,
        tag: "body:near-limit",
        form: true,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 4000 }).map((sent) => ({
        body: { kind: "abort", declared: sent + 5000, sent } as Body,
        contentType: FORM,
        tag: "body:aborted-upload",
      })),
    },
  );
}

/** Multipart bodies that break the format in one place each. */
function brokenMultipart(pairs: Pair[]): fc.Arbitrary<Encoded> {
  const b = "fuzzboundary";
  const ct = `${MULTIPART}; boundary=${b}`;
  const good = lazy(() => multipart(pairs, b).toString("latin1"));
  const variants: (() => [string, string])[] = [
    () => [`${MULTIPART}; boundary=other`, good()],
    () => [ct, good().replace(new RegExp(`--${b}--\\r\\n$`), "")],
    () => [ct, multipart(pairs, b, { eol: "\n" }).toString("latin1")],
    () => [ct, `--${b}\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n--${b}--\r\n`],
    () => [ct, `--${b}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${b}--\r\n`],
    () => [
      ct,
      `--${b}\r\nContent-Disposition: form-data; name="email"\r\nX-${"h".repeat(10_000)}: 1\r\n\r\nx\r\n--${b}--\r\n`,
    ],
    () => [ct, `--${b}\r\nno colon here\r\n\r\nx\r\n--${b}--\r\n`],
    () => [ct, `--${b}\r\nContent-Disposition: form-data; name="a"b"\r\n\r\nx\r\n--${b}--\r\n`],
    () => [ct, `--${b}\r\nContent-Disposition: form-data; name*=UTF-8''%E2%9C%93\r\n\r\nx\r\n--${b}--\r\n`],
    () => [
      ct,
      `--${b}\r\nContent-Disposition: form-data; name="email"\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@\r\n--${b}--\r\n`,
    ],
    () => [
      ct,
      `--${b}\r\nContent-Disposition: form-data; name="name"\r\nContent-Type: text/plain; charset=utf-16\r\n\r\n\u00ff\u00fe\r\n--${b}--\r\n`,
    ],
    () => [ct, `preamble junk\r\n${good()}epilogue junk`],
    () => [ct, `--${b}--\r\n`],
    () => [ct, `--${b}\r\n`.repeat(500)],
    () => [`${MULTIPART}; boundary=${"x".repeat(71)}`, multipart(pairs, "x".repeat(71)).toString("latin1")],
    () => [`${MULTIPART}; boundary="a b"`, multipart(pairs, "a b").toString("latin1")],
    () => [
      ct,
      `--${b}\r\nContent-Disposition: form-data; name="inner"\r\nContent-Type: multipart/mixed; boundary=in\r\n\r\n--in\r\n\r\nx\r\n--in--\r\n--${b}--\r\n`,
    ],
  ];
  return pick(variants).map((variant) => {
    const [contentType, body] = variant();
    return { body: bytes(Buffer.from(body, "latin1")), contentType, tag: "body:multipart-malformed" };
  });
}
