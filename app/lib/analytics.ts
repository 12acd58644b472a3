// The one way the app reports analytics events (spec: page_view, venue_view, search, filter_applied).
// Events go to the configured tag (GA4 via gtag, or Google Tag Manager's dataLayer) and nowhere
// else; with no tag configured they are dropped.

export type AnalyticsEvent =
  | { name: "page_view"; params: { page_path: string; page_title: string } }
  | { name: "venue_view"; params: { venue_id: string; venue_name: string } }
  | { name: "search"; params: { search_term: string; results_count: number } }
  | { name: "filter_applied"; params: { filter_type: string; filter_value: string } };

type TagWindow = { gtag?: (...args: unknown[]) => void; dataLayer?: unknown[] };

export function track(event: AnalyticsEvent): void {
  if (typeof window === "undefined") return;
  const w = window as unknown as TagWindow;
  if (typeof w.gtag === "function") w.gtag("event", event.name, event.params);
  else if (Array.isArray(w.dataLayer)) w.dataLayer.push({ event: event.name, ...event.params });
}
