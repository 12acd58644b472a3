// A free-text price range as venues write it ("$2,000-5,000", "$2k – $5k", "2000 to 5000"),
// read into the numbers the search's price filter uses (price_low, price_high).

const MAX_PRICE_VALUE = 10_000_000;
const SIDE = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?(k)?$/;

function side(text: string): number | null {
  const m = SIDE.exec(text);
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, "")) * (m[2] ? 1000 : 1);
  return Number.isSafeInteger(n) && n <= MAX_PRICE_VALUE ? n : null;
}

/** Low and high of a range, or null when the text is not two amounts (the text is kept anyway). */
export function parsePriceRange(text: string): { low: number; high: number } | null {
  const compact = text.toLowerCase().replace(/\s+/g, "").replace(/usd/g, "");
  const parts = compact.split(/-|–|—|to/);
  if (parts.length !== 2) return null;
  const [a, b] = parts.map(side);
  if (a == null || b == null) return null;
  return { low: Math.min(a, b), high: Math.max(a, b) };
}

/** A single price as typed ("4000", "$4,000", "4,000.00"), whole dollars; null when it is not one. */
export function parsePrice(text: string): number | null {
  const n = side(text.replace(/\s+/g, ""));
  return n === null ? null : n;
}
