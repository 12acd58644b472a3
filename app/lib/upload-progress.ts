// Upload progress (issue 22, point 14; docs/decisions/026-upload-progress-and-heic.md). fetch()
// tells nothing while a body is sent, XMLHttpRequest does (`upload.onprogress`: bytes sent of
// the whole body). A form's files are sent in a known order, so each file's share of the body is
// known too: the bar of one file is the part of its byte range that has gone.

/** One file of an upload, as its bar shows it. */
export type UploadedFile = { name: string; size: number };

/** Where each file lies in the multipart body, and the body's size, as estimated before sending. */
export type BodyLayout = { files: (UploadedFile & { start: number })[]; size: number };

// A browser's multipart boundary ("----WebKitFormBoundary" and 16 characters in Chromium and
// Safari; Firefox's differs). Its exact length only moves the estimate by bytes, and the real
// total of the progress events rescales it (fileProgress).
const BOUNDARY = 38;
const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).byteLength;

/**
 * The layout of the multipart/form-data body a browser builds from `entries`, in order: each part
 * is a boundary line, its headers, a blank line, its content and a line break; the body ends with
 * the closing boundary. Files without a name or bytes are parts too, but get no bar.
 */
export function multipartLayout(entries: Iterable<[string, FormDataEntryValue]>): BodyLayout {
  const files: BodyLayout["files"] = [];
  let offset = 0;
  for (const [name, value] of entries) {
    offset += BOUNDARY + 4; // "--" boundary CRLF
    if (typeof value === "string") {
      offset += bytesOf(`Content-Disposition: form-data; name="${name}"\r\n\r\n`) + bytesOf(value);
    } else {
      offset += bytesOf(
        `Content-Disposition: form-data; name="${name}"; filename="${value.name}"\r\n` +
          `Content-Type: ${value.type || "application/octet-stream"}\r\n\r\n`,
      );
      if (value.size > 0) files.push({ name: value.name, size: value.size, start: offset });
      offset += value.size;
    }
    offset += 2; // CRLF
  }
  return { files, size: offset + BOUNDARY + 6 }; // "--" boundary "--" CRLF
}

/**
 * Each file's share sent (0 to 1) when `loaded` of `total` bytes of the body have gone: the
 * estimated layout is scaled to the real total, so an estimate a few bytes off moves no bar.
 */
export function fileProgress(layout: BodyLayout, loaded: number, total: number): number[] {
  const scale = total > 0 && layout.size > 0 ? total / layout.size : 1;
  return layout.files.map(({ start, size }) => {
    const sent = loaded - start * scale;
    return Math.min(1, Math.max(0, sent / (size * scale)));
  });
}

/** The files of a form's body, in the order they are sent. */
export const filesOf = (form: FormData): UploadedFile[] =>
  multipartLayout(form.entries()).files.map(({ name, size }) => ({ name, size }));

type Watcher = { path: string; onProgress: (loaded: number, total: number) => void };
const watchers = new Set<Watcher>();
let installed = false;

/** The single-fetch address of a route action, without its `.data` suffix and any trailing slash. */
const routePath = (url: string) =>
  new URL(url, window.location.href).pathname.replace(/\.data$/, "").replace(/(.)\/$/, "$1");

/**
 * Reports the upload progress of the next POST to the route action at `action` (the request a
 * fetcher's submission makes, `{action}.data`) by sending that one request with XMLHttpRequest.
 * React Router calls the global fetch at request time with the form as a FormData body; every
 * other request goes on through fetch untouched. Returns a function that stops watching (call it
 * once the submission has settled, in case nothing was sent).
 */
export function watchUpload(action: string, onProgress: Watcher["onProgress"]): () => void {
  if (!installed) {
    installed = true;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const watcher =
        init?.method?.toUpperCase() === "POST" && init.body instanceof FormData
          ? [...watchers].find((w) => w.path === routePath(url))
          : undefined;
      if (!watcher) return original(input, init);
      watchers.delete(watcher);
      return sendWithProgress(url, init!, watcher.onProgress);
    };
  }
  const watcher = { path: routePath(action), onProgress };
  watchers.add(watcher);
  return () => void watchers.delete(watcher);
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** What fetch(url, init) would do, through XMLHttpRequest, with its upload progress reported. */
function sendWithProgress(url: string, init: RequestInit, onProgress: Watcher["onProgress"]) {
  return new Promise<Response>((resolve, reject) => {
    const { signal } = init;
    const xhr = new XMLHttpRequest();
    const aborted = () => xhr.abort();
    xhr.open(init.method ?? "POST", url);
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.responseType = "blob";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      signal?.removeEventListener("abort", aborted);
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(":");
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      const body = NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob);
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    // No answer at all: fetch rejects with a TypeError, which the router reports as a network failure.
    xhr.onerror = xhr.ontimeout = () => {
      signal?.removeEventListener("abort", aborted);
      reject(new TypeError("Failed to fetch"));
    };
    const abortError = () => signal?.reason ?? new DOMException("The upload was aborted.", "AbortError");
    xhr.onabort = () => reject(abortError());
    if (signal?.aborted) return reject(abortError());
    signal?.addEventListener("abort", aborted, { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit);
  });
}
