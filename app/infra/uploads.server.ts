import busboy from "busboy";
import { Readable, Transform, type TransformCallback } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { displayFileName } from "~/lib/uploads";

// Reading a multipart form with files without ever holding more than the limits allow: the body
// streams through busboy, which cuts each file at `maxFileBytes` (the rest of that file is
// skipped, the file is reported too large, and the form goes on), stops at a field's file count
// and at the whole body's size. Text fields are small and kept; each complete file is handed to
// `onFile`, which may make the reading wait (return a promise) until it has room for more.

export type IncomingFile = {
  /** The form field it came in (e.g. "images", "logo"). */
  field: string;
  /** The visitor's file name, cleaned for messages; never used as a storage key. */
  name: string;
  bytes: Buffer;
  /** The file was longer than `maxFileBytes`: `bytes` holds only its start. */
  tooLarge: boolean;
};

export type UploadLimits = {
  /** The whole body, counted as it streams in (a declared Content-Length is checked before). */
  maxBodyBytes: number;
  maxFileBytes: number;
  /** Files accepted per field, and the message when there are more; other fields' files are skipped. */
  files: Record<string, { max: number; tooMany: string }>;
  maxFields: number;
  maxFieldBytes: number;
};

/** A refused upload: the answer's status, message and the field it concerns. */
export class UploadRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const TOO_LARGE_MESSAGE = "This form is too large.";

export type UploadForm = { fields: [string, string][] };

export async function readUploadForm(
  request: Request,
  limits: UploadLimits,
  onFile: (file: IncomingFile) => void | Promise<void>,
): Promise<UploadForm> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    throw new UploadRefusal(415, "Send this form as multipart/form-data.");
  if (Number(request.headers.get("Content-Length") ?? 0) > limits.maxBodyBytes)
    throw new UploadRefusal(413, TOO_LARGE_MESSAGE);
  if (!request.body) throw new UploadRefusal(400, "The form could not be read. Please try again.");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        fileSize: limits.maxFileBytes,
        files: Object.values(limits.files).reduce((n, f) => n + f.max, 0) + 1,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
  } catch {
    // No boundary, or a content type busboy does not take.
    throw new UploadRefusal(400, "The form could not be read. Please try again.");
  }

  const source = Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>);
  return new Promise<UploadForm>((resolve, reject) => {
    const fields: [string, string][] = [];
    const counts: Record<string, number> = {};
    let received = 0;
    let settled = false;
    // While a file waits for room (onFile's promise), no more of the body is read.
    let gate: Promise<void> = Promise.resolve();

    const fail = (refusal: UploadRefusal) => {
      if (settled) return;
      settled = true;
      // Stop reading, but leave the connection to the HTTP server: the answer goes out first
      // (with Connection: close), then the socket closes. Destroying the body here would reset
      // the connection before the client could read why.
      source.unpipe();
      source.pause();
      counter.unpipe();
      parser.removeAllListeners();
      parser.on("error", () => {});
      reject(refusal);
    };

    const counter = new Transform({
      transform(chunk: Buffer, _enc, done: TransformCallback) {
        received += chunk.length;
        if (received > limits.maxBodyBytes) return fail(new UploadRefusal(413, TOO_LARGE_MESSAGE));
        gate.then(
          () => done(null, chunk),
          (err: unknown) => done(err as Error),
        );
      },
    });

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return fail(new UploadRefusal(413, TOO_LARGE_MESSAGE));
      // A part in a charset busboy cannot decode (utf-16) comes with no value at all.
      if (typeof value !== "string")
        return fail(new UploadRefusal(400, "The form could not be read. Please try again."));
      fields.push([name, value]);
    });

    parser.on("file", (field, stream, info) => {
      const rule = limits.files[field];
      // A file input left empty: a browser without scripts sends it as a part with no file name
      // (HTML's form encoding), which is no file at all, not a file that failed.
      if (!rule || !info.filename) {
        stream.resume();
        return;
      }
      counts[field] = (counts[field] ?? 0) + 1;
      if (counts[field] > rule.max) {
        stream.resume();
        return fail(new UploadRefusal(400, rule.tooMany, field));
      }
      const chunks: Buffer[] = [];
      let tooLarge = false;
      // A body that ends inside a file errors this stream too; the parser's error answers it.
      stream.on("error", () => {});
      stream.on("data", (c: Buffer) => {
        if (!tooLarge) chunks.push(c);
      });
      stream.on("limit", () => {
        tooLarge = true;
        chunks.length = 0;
      });
      stream.on("end", () => {
        if (settled) return;
        const file: IncomingFile = {
          field,
          name: displayFileName(info.filename),
          bytes: Buffer.concat(chunks),
          tooLarge: tooLarge || (stream as { truncated?: boolean }).truncated === true,
        };
        const wait = Promise.resolve()
          .then(() => onFile(file))
          .catch((err: unknown) => {
            fail(err instanceof UploadRefusal ? err : new UploadRefusal(500, "Error uploading file"));
          });
        gate = gate.then(() => wait);
      });
    });

    parser.on("filesLimit", () => fail(new UploadRefusal(400, "Too many files in this form.")));
    parser.on("fieldsLimit", () => fail(new UploadRefusal(413, TOO_LARGE_MESSAGE)));
    parser.on("partsLimit", () => fail(new UploadRefusal(413, TOO_LARGE_MESSAGE)));
    parser.on("error", () => fail(new UploadRefusal(400, "The form could not be read. Please try again.")));
    source.on("error", () => fail(new UploadRefusal(400, "The upload was interrupted. Please try again.")));
    parser.on("close", () => {
      if (settled) return;
      void gate.then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields });
      });
    });

    source.pipe(counter).pipe(parser);
  });
}
