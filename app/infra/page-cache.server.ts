import crypto from "node:crypto";

// Rendered pages for signed-out visitors (docs/decisions/010-page-cache.md). A page is the same
// for every visitor without a session, so it is rendered once and served from memory until the
// content changes: any write on this instance empties the cache at once, and the database's
// content version (bumped by triggers on venues, reviews, FAQs, types and amenities) empties it
// when another instance or a script wrote.

export type CachedPage = {
  body: string;
  contentType: string;
  /** The CSP nonce the page was rendered with; each response gets its own in its place. */
  nonce: string;
  etag: string;
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
};

// better-auth's session cookie (also with the __Secure- prefix) and our flash cookie.
const PERSONAL_COOKIE = /(?:^|;\s*)(?:(?:__Secure-)?vv\.session_token|vv_flash)=/;

export function createPageCache({
  readVersion,
  ttlMs = 60_000,
  versionCheckMs = 250,
  maxEntries = 500,
}: Options) {
  const pages = new Map<string, CachedPage>();
  let version: number | null = null;
  let checkedAt = 0;
  let checking: Promise<void> | null = null;

  // Bumped whenever the cache is emptied: a page whose render began before that may show the
  // old content, so it is not kept.
  let generation = 0;
  function clear() {
    pages.clear();
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
      await checkVersion(false);
      const page = pages.get(key);
      if (page && Date.now() - page.storedAt <= ttlMs) return { page, generation };
      pages.delete(key);
      await checkVersion(true);
      return { generation };
    },

    /** Keeps a rendered page when it is one (200, HTML, no cookie set) and still current. */
    store(
      key: string,
      response: { status: number; headers: Headers },
      body: string,
      nonce: string,
      renderedIn: number,
    ) {
      const contentType = response.headers.get("content-type") ?? "";
      if (
        renderedIn !== generation ||
        response.status !== 200 ||
        !contentType.startsWith("text/html") ||
        response.headers.has("set-cookie")
      )
        return undefined;
      const hash = crypto.createHash("sha1").update(body.replaceAll(nonce, "")).digest("base64url");
      const page: CachedPage = { body, contentType, nonce, etag: `W/"${hash}"`, storedAt: Date.now() };
      if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
      pages.set(key, page);
      return page;
    },

    /** The page's HTML with this response's nonce. */
    render(page: CachedPage, nonce: string): string {
      return page.body.replaceAll(page.nonce, nonce);
    },

    clear,

    /**
     * After a write on this instance: the next request reads the content version at once, so a
     * change to what pages show empties the cache before anyone sees the old page, and a write
     * that changes no page (a favourite, a sign-in) keeps it.
     */
    recheck(): void {
      checkedAt = 0;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
