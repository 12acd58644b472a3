import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

// Rendered pages for signed-out visitors (docs/decisions/010-page-cache.md). A page is the same
// for every visitor without a session, so it is rendered once and served from memory until the
// content changes: any write on this instance empties the cache at once, and the database's
// content version (bumped by triggers on venues, reviews, FAQs, types and amenities) empties it
// when another instance or a script wrote.

export type CachedPage = {
  /** The page as rendered, sent as it is: a revalidated copy must stay the same bytes. */
  body: string;
  contentType: string;
  /** CSP sources (`'sha256-…'`) of the page's inline scripts, which the header allows instead of a nonce. */
  scriptHashes: string[];
  etag: string;
  /** The body compressed once when kept, so a hit costs no compression (bench:load: 3x the pages/s). */
  encoded: { br: Buffer; gzip: Buffer };
  storedAt: number;
};

type Options = {
  /** The database's content version (`cache_versions.content`). */
  readVersion: () => Promise<number>;
  /** How long a page may be served without being rendered again. */
  ttlMs?: number;
  /** How often the content version is read (at most; requests in between share the answer). */
  versionCheckMs?: number;
  maxEntries?: number;
  /** What the kept pages may weigh in all (their text counted twice, as V8 may hold it, plus copies). */
  maxBytes?: number;
  /** How many missing pages may render at once; the others wait for a turn. */
  maxRenders?: number;
};

/** A page as React Router rendered it, before the cache decides whether to keep it. */
export type RenderedPage = { status: number; headers: Headers; body: string };

// An inline <script> and its text: the browser hashes exactly that text for `script-src`.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hash source of each inline script of a page (external ones are allowed by origin).
 * Data blocks (JSON-LD, the inert module text) are hashed too: allowing them changes nothing, and
 * the deferred loader later runs that module text as a script of its own (ADR 017).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(text!).digest("base64")}'`);
  }
  return [...hashes];
}

// better-auth's session cookie (also with the __Secure- prefix) and our flash cookie.
const PERSONAL_COOKIE = /(?:^|;\s*)(?:(?:__Secure-)?vv\.session_token|vv_flash)=/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Pages are under 200 KB: a 256 KB window is enough, and a fast level, since pages are kept anew after every content change. */
const BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

const weight = (page: CachedPage) => page.body.length * 2 + page.encoded.br.length + page.encoded.gzip.length;

export function createPageCache({
  readVersion,
  ttlMs = 60_000,
  versionCheckMs = 250,
  maxEntries = 500,
  maxBytes = 48 * 1024 * 1024,
  maxRenders = 8,
}: Options) {
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  // Renders under way, by page, with the generation they were asked for under.
  const flights = new Map<string, { generation: number; page: Promise<CachedPage | undefined> }>();
  let renders = 0;
  const waitingToRender: (() => void)[] = [];
  let version: number | null = null;
  let checkedAt = 0;
  let checking: Promise<void> | null = null;
  /** Writes this instance is handling (see writeStarted). */
  let writes = 0;

  // Bumped whenever the cache is emptied: a page whose render began before that may show the
  // old content, so it is not kept.
  let generation = 0;
  function clear() {
    pages.clear();
    bytes = 0;
    generation++;
  }

  async function checkVersion(force: boolean): Promise<void> {
    if (!force && Date.now() - checkedAt < versionCheckMs) return;
    checking ??= readVersion()
      .then((v) => {
        if (v !== version) clear();
        version = v;
        checkedAt = Date.now();
      })
      .finally(() => (checking = null));
    await checking;
  }

  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (renders < maxRenders) renders++;
    else await new Promise<void>((resolve) => waitingToRender.push(resolve));
    try {
      return await work();
    } finally {
      const next = waitingToRender.shift();
      if (next) next();
      else renders--;
    }
  }

  /**
   * A render every signed-out visitor may be sent: 200, HTML, no cookie set, and not marked
   * `no-store` by its route (a page that is new on every visit, such as the inquiry form's).
   */
  async function shareable({ status, headers, body }: RenderedPage): Promise<CachedPage | undefined> {
    const contentType = headers.get("content-type") ?? "";
    if (status !== 200 || !contentType.startsWith("text/html") || headers.has("set-cookie")) return undefined;
    if (/\bno-store\b/i.test(headers.get("cache-control") ?? "")) return undefined;
    const hash = crypto.createHash("sha1").update(body).digest("base64url");
    const scriptHashes = inlineScriptHashes(body);
    const [br, gz] = await Promise.all([brotli(body, BROTLI), gzip(body)]);
    const encoded = { br, gzip: gz };
    return { body, contentType, scriptHashes, etag: `W/"${hash}"`, encoded, storedAt: Date.now() };
  }

  function remove(key: string) {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= weight(page);
  }

  /** Keeps a page, dropping the oldest while the cache is over its count or its bytes. */
  function keep(key: string, page: CachedPage) {
    remove(key);
    pages.set(key, page);
    bytes += weight(page);
    while (pages.size > maxEntries || (bytes > maxBytes && pages.size > 1))
      remove(pages.keys().next().value!);
  }

  return {
    /** Whether a request may be answered from the cache: a page view without a personal cookie. */
    accepts(method: string, path: string, headers: { cookie?: string; accept?: string }): boolean {
      return (
        (method === "GET" || method === "HEAD") &&
        !path.endsWith(".data") &&
        !!headers.accept?.includes("text/html") &&
        !PERSONAL_COOKIE.test(headers.cookie ?? "")
      );
    },

    /**
     * The cached page, or none and the generation to render under: on a miss the content version
     * is read afresh, so the page about to be rendered is filed under the version it shows.
     */
    async get(key: string): Promise<{ page?: CachedPage; generation: number }> {
      await checkVersion(writes > 0);
      const page = pages.get(key);
      if (page && Date.now() - page.storedAt <= ttlMs) return { page, generation };
      remove(key);
      await checkVersion(true);
      return { generation };
    },

    /**
     * Renders a missing page, and keeps it when it is one to share and no write emptied the cache
     * while it rendered. A burst of requests after the cache empties costs one render per page,
     * not one per request, and at most `maxRenders` run at a time, so memory stays bounded: a
     * request for a page whose render began under the content it saw (`arrivedIn`, from `get`)
     * waits for that render, and renders itself only when it was not one to share.
     */
    async fill(
      key: string,
      arrivedIn: number,
      render: () => Promise<RenderedPage>,
    ): Promise<{ page: CachedPage } | { rendered: RenderedPage }> {
      const underway = flights.get(key);
      if (underway && underway.generation >= arrivedIn) {
        const shared = await underway.page;
        if (shared) return { page: shared };
      }
      let startedIn = arrivedIn;
      const job = inTurn(() => {
        startedIn = generation;
        return render();
      });
      const page = job.then(async (rendered) => {
        const made = await shareable(rendered);
        if (made && startedIn === generation) keep(key, made);
        return made;
      });
      const flight = { generation: arrivedIn, page: page.catch(() => undefined) };
      flights.set(key, flight);
      void flight.page.then(() => flights.get(key) === flight && flights.delete(key));
      const made = await page;
      return made ? { page: made } : { rendered: await job };
    },

    clear,

    /**
     * A write on this instance, from its start to its last byte: while one is under way every page
     * request reads the content version (a client may ask for the page as soon as the write's
     * headers arrive, before its body is sent), and the first request after it too. So a change to
     * what pages show empties the cache before anyone sees the old page, and a write that changes
     * no page (a favourite, a sign-in) keeps it.
     */
    writeStarted(): () => void {
      writes++;
      return () => {
        writes--;
        checkedAt = 0;
      };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
