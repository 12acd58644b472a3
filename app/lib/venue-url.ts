// Venue addresses: /venue/{slug}-{id}. The slug is the name lowercased, spaces turned to hyphens
// and non-word characters removed; the id is the trailing UUID (or the last hyphen segment).

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_EXACT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

export function venuePath(venue: { id: string; name: string }): string {
  const slug = slugify(venue.name);
  return `/venue/${slug ? `${slug}-` : ""}${venue.id}`;
}

/** The id part of `{slug}-{id}` or a bare id. */
export function parseVenueParam(param: string): string {
  const match = UUID.exec(param);
  if (match) return match[0].toLowerCase();
  const parts = param.split("-");
  return parts[parts.length - 1] ?? "";
}

export function isUuid(id: string): boolean {
  return UUID_EXACT.test(id);
}
