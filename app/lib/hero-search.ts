import { isDay } from "./dates";

/**
 * Spec: the hero search goes to /venues with location, guests and venueName, each only when
 * filled; the wedding date too (issue 41), which the search and every page after it carry.
 */
export function heroSearchUrl(input: {
  location?: string;
  venueName?: string;
  guests?: string;
  date?: string;
}): string {
  const params = new URLSearchParams();
  const location = input.location?.trim();
  const venueName = input.venueName?.trim();
  const guests = Number.parseInt(input.guests ?? "", 10);
  const date = input.date?.trim();
  if (location) params.set("location", location);
  if (Number.isFinite(guests) && guests >= 1) params.set("guests", String(guests));
  if (venueName) params.set("venueName", venueName);
  if (date && isDay(date)) params.set("date", date);
  const qs = params.toString();
  return qs ? `/venues?${qs}` : "/venues";
}
