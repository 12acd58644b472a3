// The one way the app reports analytics events (spec: page_view, venue_view, search, filter_applied).
// Events go to the configured tag (GA4 via gtag, or Google Tag Manager's dataLayer) and nowhere
// else; with no tag configured they are dropped, and so they are for a visitor whose browser sends
// the Global Privacy Control signal (issue 46): the server leaves the tag out of the page for
// `Sec-GPC: 1`, and the page's loader defines neither gtag nor the data layer when
// `navigator.globalPrivacyControl` is on (components/layout/analytics.tsx), so events have nowhere to go.

export type AnalyticsEvent =
  | { name: "page_view"; params: { page_path: string; page_title: string } }
  | { name: "venue_view"; params: { venue_id: string; venue_name: string } }
  | { name: "search"; params: { search_term: string; results_count: number } }
  | { name: "filter_applied"; params: { filter_type: string; filter_value: string } };

type TagWindow = { gtag?: (...args: unknown[]) => void; dataLayer?: unknown[] };

/** Whether a request's `Sec-GPC` header asks not to be tracked (the spec's only value is "1"). */
export const asksNotToTrack = (secGpc: string | null | undefined) => secGpc?.trim() === "1";

export function track(event: AnalyticsEvent): void {
  if (typeof window === "undefined") return;
  const w = window as unknown as TagWindow;
  if (typeof w.gtag === "function") w.gtag("event", event.name, event.params);
  else if (Array.isArray(w.dataLayer)) w.dataLayer.push({ event: event.name, ...event.params });
}

/** The tag settings a visitor who asks not to be tracked gets: none. */
export const NO_ANALYTICS = { gaMeasurementId: undefined, gtmId: undefined };
