/** Spec: the hero search goes to /venues with location, guests and venueName, each only when filled. */
export function heroSearchUrl(input: { location?: string; venueName?: string; guests?: string }): string {
  const params = new URLSearchParams();
  const location = input.location?.trim();
  const venueName = input.venueName?.trim();
  const guests = Number.parseInt(input.guests ?? "", 10);
  if (location) params.set("location", location);
  if (Number.isFinite(guests) && guests >= 1) params.set("guests", String(guests));
  if (venueName) params.set("venueName", venueName);
  const qs = params.toString();
  return qs ? `/venues?${qs}` : "/venues";
}
