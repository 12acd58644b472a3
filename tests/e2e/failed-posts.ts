import type { Page } from "@playwright/test";

// Failed requests, made and recognised: a POST broken on its way (the network, a proxy's 413 or
// 502 page), the console errors it logs and the toast the person reads.

/** How a request fails on its way: no answer (the network), or a proxy's 413 or 502 page. */
export type Failure = "network" | 413 | 502;
export const FAILURES: Failure[] = ["network", 413, 502];

const PROXY_PAGES = {
  413: "<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center><hr><center>nginx</center></body></html>",
  502: "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>",
};

/** Makes every POST to `url` fail as `failure` says (without the X-Remix-Response header a real
 *  answer of the app carries), until `page.unroute(url)`. */
export async function failPosts(page: Page, url: string | RegExp, failure: Failure): Promise<void> {
  await page.unroute(url);
  await page.route(url, (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    if (failure === "network") return route.abort("failed");
    return route.fulfill({ status: failure, contentType: "text/html", body: PROXY_PAGES[failure] });
  });
}

/** The console errors Chromium logs for the requests `failPosts` breaks. */
export const FAILED_POST_ERRORS =
  /^Failed to load resource: (net::ERR_FAILED|the server responded with a status of (413|502) )/;

/** What the person reads when their request failed this way (lib/failed-request.ts). */
export function failureDescription(failure: Failure): RegExp {
  if (failure === "network") return /^Could not reach the server\. Check your connection and try again\.$/;
  if (failure === 502) return /^The server is not answering right now\. Please try again in a moment\.$/;
  return /too large for the connection: [\d.]+ [KM]B did not get through, although the server takes up to [\d.]+ [KM]B\./;
}

/** The toast of a failed request: its title, and why as its description. */
export const failureToast = (page: Page, title: string, failure: Failure) =>
  page
    .locator("[data-sonner-toast]")
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter({ has: page.getByText(failureDescription(failure)) })
    .first();
