// A submitted address as the venue's single `location` string (spec section 3: address line 1,
// optional line 2, city, then 'Colorado {postal code}').

export const VENUE_STATE = "Colorado";

export function formatLocation(a: {
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  postalCode: string;
}): string {
  return [a.addressLine1, a.addressLine2, a.city, `${VENUE_STATE} ${a.postalCode}`]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
}

export type AddressParts = { addressLine1: string; addressLine2: string; city: string; postalCode: string };

const STATE_PART = /^(?:colorado|co)(?:\s+(\d{5}(?:-\d{4})?))?$/i;
const ZIP_ONLY = /^\d{5}(?:-\d{4})?$/;
const COUNTRY = /^(?:usa|u\.s\.a\.|us|united states(?: of america)?)$/i;

/**
 * The address parts of a single-string location, the inverse of `formatLocation` for addresses
 * written the usual way ('12 Ridge Rd, Barn B, Boulder, Colorado 80302', 'Boulder, CO 80302',
 * '12 Ridge Rd, Boulder, CO, 80302, USA'). Venues that only have a `location` (the seed, CSV
 * imports) get their form prefilled from it. Null when there is no Colorado state part to anchor
 * on; parts that are not there are empty.
 */
export function parseLocation(location: string): AddressParts | null {
  const parts = location
    .split(",")
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  while (parts.length > 0 && COUNTRY.test(parts[parts.length - 1]!)) parts.pop();
  let postalCode = "";
  // 'Colorado, 80302': the postal code in a part of its own.
  if (
    parts.length >= 2 &&
    ZIP_ONLY.test(parts[parts.length - 1]!) &&
    /^(?:colorado|co)$/i.test(parts[parts.length - 2]!)
  )
    postalCode = parts.pop()!;
  const state = parts.length > 0 ? STATE_PART.exec(parts[parts.length - 1]!) : null;
  if (!state) return null;
  parts.pop();
  postalCode ||= state[1] ?? "";
  const city = parts.pop() ?? "";
  const addressLine1 = parts.shift() ?? "";
  return { addressLine1, addressLine2: parts.join(", "), city, postalCode };
}
