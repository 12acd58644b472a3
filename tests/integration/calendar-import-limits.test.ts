import { sql } from "drizzle-orm";
import crypto from "node:crypto";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { venueManagers } from "../../database/schema";
import { availabilityMessages, utcDay } from "../../app/lib/availability";
import { previewIcsFile } from "../../app/services/ics-import.server";
import { LIMITS } from "../../app/services/rate-limit.server";
import { createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

// Issue 39, items 2 to 4: no calendar file stops the site, and no body is read past its limit or
// before the venue is checked. Hostile .ics files (a time zone changing every second or minute,
// 1,300 events repeating every second since 2020) get a refusal that names the limit they hit
// while /healthz keeps answering; an ordinary file of 251 KB gets its preview (the HTTP layer
// refused it at 100 KB); previews are limited per manager; a chunked body of 256 MB is cut at the
// route's limit while it streams; another venue's manager is refused before the body is read.

let t: TestApp;
let web: HttpTestApp;
let manager: { id: string; cookie: string };
let otherManager: { id: string; cookie: string };
let venue: { id: string };
let page: string;

/**
 * On a process that hangs, the hostile request gives up here, so the failure is an assertion: a
 * reading that held the event loop took 22 to 233 s. No bound on each health check's wait: on a
 * busy machine one took 1,006 ms while the loop was free (issue 40). That the reading never holds
 * the loop is shown without a clock by the worker's time limit (calendar-reading.test.ts: the
 * main thread's timer stops an endless file).
 */
const HOSTILE_TIMEOUT_MS = 15_000;

const Y = Number(utcDay().slice(0, 4)) + 1;
const MB = 1024 * 1024;

withHttpApp(
  async (app) => {
    ({ t, http: web } = app);
    manager = await t.signUp({ role: "venue_manager", name: "Morgan Manager" });
    otherManager = await t.signUp({ role: "venue_manager", name: "Blake Manager" });
    venue = await createVenue(t.db, { name: "Limits Barn" });
    const theirs = await createVenue(t.db, { name: "Limits Other Hall" });
    await t.db.insert(venueManagers).values([
      { userId: manager.id, venueId: venue.id },
      { userId: otherManager.id, venueId: theirs.id },
    ]);
    page = `/venue-manager/edit-venue/${venue.id}/availability`;
  },
  { timeout: 120_000 },
);

const calendar = (...lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Probe//EN", ...lines, "END:VCALENDAR", ""].join("\r\n");

/** The 392-byte file: a time zone whose offset 'changes' every second (or minute). */
const evilZone = (freq: "SECONDLY" | "MINUTELY") =>
  calendar(
    "BEGIN:VTIMEZONE",
    "TZID:Evil",
    "BEGIN:STANDARD",
    "DTSTART:20260101T000000",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0100",
    `RRULE:FREQ=${freq}`,
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    "UID:evil@probe.example",
    "DTSTAMP:20260101T000000Z",
    "DTSTART;TZID=Evil:20270612T150000",
    "DTEND;TZID=Evil:20270612T160000",
    "SUMMARY:Tasting",
    "END:VEVENT",
  );

/** The 93 KB file: 1,300 events, each repeating every second since 2020. */
const everySecond = () =>
  calendar(
    ...Array.from({ length: 1300 }, () => [
      "BEGIN:VEVENT",
      "DTSTART:20200101T000000Z",
      "RRULE:FREQ=SECONDLY",
      "END:VEVENT",
    ]).flat(),
  );

/** An ordinary export: one all-day booking a day next year, with the notes an export carries. */
function ordinary(bytes: number) {
  const events: string[] = [];
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  for (let i = 0, size = 0; size < bytes; i++) {
    const day = new Date(Date.UTC(Y, 0, 1 + (i % 360)));
    const event = [
      "BEGIN:VEVENT",
      `UID:booking-${i}@probe.example`,
      "DTSTAMP:20261101T120000Z",
      `DTSTART;VALUE=DATE:${ymd(day)}`,
      `DTEND;VALUE=DATE:${ymd(new Date(day.getTime() + 86_400_000))}`,
      `SUMMARY:Wedding ${i}`,
      `DESCRIPTION:Ceremony and reception\\, deposit paid. Contact the couple a week before for the`,
      ` final numbers\\, the menu and the seating plan.`,
      "STATUS:CONFIRMED",
      "END:VEVENT",
    ];
    events.push(...event);
    size += Buffer.byteLength(event.join("\r\n")) + 2;
  }
  return calendar(...events);
}

/** The import's preview, posted as the page posts it (a form with a Content-Length). */
function postIcs(text: string, init: { cookie?: string; signal?: AbortSignal } = {}) {
  const body = new FormData();
  body.append("back", `${page}`);
  body.append("file", new Blob([text], { type: "text/calendar" }), "bookings.ics");
  return web.fetch(page, {
    method: "POST",
    body,
    cookie: init.cookie ?? manager.cookie,
    signal: init.signal,
  });
}

/** HTML as text, the way the message reads on the page. */
const decoded = (html: string) =>
  html
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/**
 * Sends a request and asks /healthz again and again while it is in flight (at least once): the
 * health checks' statuses. A request that does not answer in HOSTILE_TIMEOUT_MS is given up
 * (`answer` null).
 */
async function whileInFlight(send: (signal: AbortSignal) => Promise<Response>) {
  let done = false;
  const answer = send(AbortSignal.timeout(HOSTILE_TIMEOUT_MS))
    .then(async (res) => ({ status: res.status, text: decoded(await res.text()) }))
    .catch(() => null)
    .finally(() => (done = true));
  const statuses: number[] = [];
  do {
    const res = await web.fetch("/healthz");
    await res.arrayBuffer();
    statuses.push(res.status);
  } while (!done);
  return { answer: await answer, statuses };
}

describe("a hostile calendar file is refused, and the site keeps answering meanwhile", () => {
  const cases = [
    {
      name: "(a) a time zone changing every second, 392 bytes",
      file: () => evilZone("SECONDLY"),
      message: () => availabilityMessages.badTimeZone("Evil"),
    },
    {
      name: "(b) 1,300 events repeating every second since 2020, 93 KB",
      file: everySecond,
      message: () => availabilityMessages.repeatsTooOften("Untitled event"),
    },
    {
      name: "(c) a time zone changing every minute",
      file: () => evilZone("MINUTELY"),
      message: () => availabilityMessages.badTimeZone("Evil"),
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { answer, statuses } = await whileInFlight((signal) => postIcs(c.file(), { signal }));
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(answer, "the preview answered").not.toBeNull();
      expect(answer!.status).toBe(400);
      // The limit its steps hit (below), or on a machine too slow to walk them within the time
      // limit, that one: a starved run read (b) for more than 5 s (issue 40).
      const named = [c.message(), availabilityMessages.readTooLong].filter((m) => answer!.text.includes(m));
      expect(named, answer!.text.slice(0, 300)).toHaveLength(1);
    });

    it(`${c.name}: the limit its steps hit, whatever the machine's speed`, async () => {
      // Time enough that the time limit never comes first.
      expect(await previewIcsFile(c.file(), undefined, 120_000)).toEqual({
        ok: false,
        status: 400,
        error: c.message(),
      });
    });
  }

  it("the files' sizes are the issue's", () => {
    expect(Buffer.byteLength(evilZone("SECONDLY"))).toBeLessThan(400);
    expect(Math.round(Buffer.byteLength(everySecond()) / 1024)).toBe(93);
  });
});

describe("the file size the page promises", () => {
  it("an ordinary file of 251 KB sent with its Content-Length gets its preview", async () => {
    const text = ordinary(251 * 1024);
    expect(Math.floor(Buffer.byteLength(text) / 1024)).toBe(251);
    const res = await postIcs(text);
    expect(res.status).toBe(200);
    const html = decoded(await res.text());
    expect(html).toContain("Import preview");
    expect(html).toContain("Wedding 0");
  });

  it("a file of 2.1 MB is refused as larger than 2 MB", async () => {
    const text = ordinary(2.1 * MB);
    const res = await postIcs(text);
    expect(res.status).toBe(413);
    expect(decoded(await res.text())).toContain(availabilityMessages.fileTooLarge);
  });
});

describe("previews one after another", () => {
  it("are limited per manager: past the hour's limit, refused before the body is read", async () => {
    const key = `ics-preview:${manager.id}`;
    await t.db.execute(
      sql`insert into rate_limits (key, count, reset_at)
          values (${key}, ${LIMITS.icsPreviewUser.max}, now() + interval '1 hour')
          on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`,
    );
    try {
      // The body never ends: only an answer that does not wait for it can arrive.
      const endless = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(
            new TextEncoder().encode(
              '--x\r\nContent-Disposition: form-data; name="file"; filename="a.ics"\r\n\r\n',
            ),
          );
        },
      });
      const res = await web.fetch(page, {
        method: "POST",
        cookie: manager.cookie,
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: endless,
        duplex: "half",
      } as RequestInit & { cookie: string });
      expect(res.status).toBe(429);
      expect(res.headers.get("connection")).toBe("close");
      expect(await res.text()).toContain("Too many requests, try again in");
    } finally {
      await t.db.execute(sql`delete from rate_limits where key = ${key}`);
    }
  });
});

/**
 * A multipart POST without Content-Length (chunked) whose file part goes on for `size` bytes,
 * written as the server takes it (one 64 KB chunk, reused: the body is never held). Resolves with
 * the answer's status and Connection header once it arrives, and the bytes sent by then; the rest
 * is not sent.
 */
function postChunked(path: string, cookie: string, size: number) {
  const boundary = `probe${crypto.randomBytes(8).toString("hex")}`;
  const chunk = Buffer.alloc(64 * 1024, "A");
  return new Promise<{ status: number; sent: number; connection?: string }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(`${web.origin}${path}`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, origin: web.origin, cookie },
    });
    req.on("response", (res) => {
      answered = true;
      resolve({ status: res.statusCode!, sent, connection: res.headers.connection });
      req.destroy();
    });
    // The server closes the connection after its answer: a write after that may fail.
    req.on("error", (err) => (answered ? undefined : reject(err)));
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.ics"\r\nContent-Type: text/calendar\r\n\r\n`;
    req.write(head);
    sent += head.length;
    void (async () => {
      while (!answered && sent < size && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) await drainedOrAnswered(req);
      }
      if (!answered && !req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
    })();
  });
}

function drainedOrAnswered(req: http.ClientRequest) {
  return new Promise<void>((resolve) => {
    const done = () => {
      req.off("drain", done).off("response", done).off("close", done);
      resolve();
    };
    req.on("drain", done).on("response", done).on("close", done);
  });
}

const rss = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
};

describe("a chunked body", () => {
  it("of 256 MB to the calendar is cut at the route's limit while it streams", async () => {
    // The same request once before measuring, so that the code it runs is loaded and compiled.
    expect((await postChunked(page, manager.cookie, 8 * MB)).status).toBe(413);
    const before = rss();
    const { status, sent, connection } = await postChunked(page, manager.cookie, 256 * MB);
    const grown = rss() - before;
    expect(status).toBe(413);
    expect(connection).toBe("close");
    expect(grown, `RSS grew ${(grown / MB).toFixed(1)} MB`).toBeLessThan(20 * MB);
    expect(sent, "the answer came long before 256 MB were sent").toBeLessThan(32 * MB);
    expect((await web.fetch("/healthz")).status).toBe(200);
  });

  it("from another venue's manager is refused before it is read: the calendar and the image upload", async () => {
    for (const path of [page, `/venue-manager/edit-venue/${venue.id}/images`]) {
      const { status, sent, connection } = await postChunked(path, otherManager.cookie, 256 * MB);
      expect([302, 403], path).toContain(status);
      // The rest of the body is never read: the connection closes once the answer is sent.
      expect(connection, path).toBe("close");
      expect(sent, `${path}: bytes sent before the answer`).toBeLessThan(32 * MB);
    }
  });
});
