// The search's in-memory store of every approved venue (ADR 005): what it holds of each and how a
// venue goes in. Pure: it knows nothing of the database (app/services/search-index.server.ts
// fills one store per database). ./search-store.ts reads it: orders, estimates, text, filters.
//
// Venues live in columns (typed arrays indexed by a slot number) rather than objects: a filter
// then reads a few small arrays, which keeps a pass over 100,000 venues within a few milliseconds.
// A changed venue gets a new slot; its old slot is marked dead.
import { isValidCoordinate } from "./coordinates";
import { plainTerms, rate } from "./all-in";
import { DAY_KINDS, listedQuote, modelTerms, readPricingModel } from "./estimate";
import { mercatorX, mercatorY } from "./map-grid";
import { readFacts } from "./venue-facts";
import { normalizeAmenities } from "./venue";

/** What the store reads of a venue (the `venues` row, approved). */
export type StoreVenue = {
  id: string;
  name: string;
  location: string;
  description: string;
  region: string | null;
  capacity: number | null;
  /** price_low, else price_per_event, else 0 (the `min_price` column). */
  minPrice: number;
  categoryId: string | null;
  amenities: unknown;
  isFeatured: boolean;
  rating: number;
  reviewCount: number;
  latitude: number | null;
  longitude: number | null;
  /**
   * Held and booked ranges from yesterday on (ADR 030), as day numbers (days since 1970-01-01),
   * start and end of each (both included), in order and never overlapping; null: none.
   */
  blocked?: Int32Array | null;
  /** Months closed every year: bit m (1-12) set. */
  closedMonths?: number;
  /** The day number of the calendar's last change (issue 41); null: never touched. */
  calendarDay?: number | null;
  /** The spec's other price fields and the pricing model, for the price order and the estimates. */
  pricePerEvent?: number | null;
  priceLow?: number | null;
  priceHigh?: number | null;
  priceRange?: string | null;
  pricingModel?: unknown;
  /** Capacity by layout and the house rules (lib/venue-facts.ts), for their filters (issue 43). */
  facts?: unknown;
};

/** A `YYYY-MM-DD` day as a day number (days since 1970-01-01). */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/** A calendar never touched: older than any day. */
export const NEVER_TOUCHED = -(2 ** 31);

export type StoreCategory = { id: string; name: string };

/** A word: a run of letters and digits. */
const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text, lower-cased, once each. */
export function textWords(text: string): string[] {
  return [...new Set(text.toLowerCase().match(WORD) ?? [])];
}

/** Amenity names compare trimmed and case-insensitively. */
export const amenityKey = (name: string) => name.trim().toLowerCase();

function grow<T extends Uint8Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array>(
  a: T,
  size: number,
): T {
  const next = new (a.constructor as new (n: number) => T)(size);
  next.set(a);
  return next;
}

/** The venues' columns and word postings; SearchStore adds the reading. */
export class SearchColumns {
  /** Slots used so far (live and dead). */
  slots = 0;
  private room = 0;
  protected readonly slotById = new Map<string, number>();
  ids: string[] = [];
  /** Lower-cased name and address, for the substring filters and the name order. */
  names: string[] = [];
  locations: string[] = [];
  alive = new Uint8Array(0);
  /** Region codes (0: none). */
  region = new Uint16Array(0);
  /** -1: no capacity. */
  capacity = new Int32Array(0);
  /** The stated seated-dinner capacity (issue 43); -1: none stated. */
  seated = new Int32Array(0);
  /** 1: the venue states outside caterers are allowed (any, or from its list; issue 43). */
  outsideCatering = new Uint8Array(0);
  minPrice = new Int32Array(0);
  /** The lowest listed figure ('Starting at $2,500' included), what 'Price' sorts by; -1: no price. */
  sortPrice = new Int32Array(0);
  /**
   * The estimate's terms per slot (issues 24 and 43; lib/all-in.ts): kind 0 no price, 1 the listed
   * price (no season), 2 the pricing model; base, per guest and minimum in dollars; the site fee
   * on a weekday, Friday, Saturday and Sunday (4 a slot, -1: the base fee); the model's peak
   * months as bits (January = bit 0) and its percentages; flags 1 the minimum is on the per-guest
   * spend, 2 the service charge is on the minimum, 4 it states any of the day rates, service,
   * fees and tax (else their columns are not read); the fees added up, flat and per guest.
   */
  estKind = new Uint8Array(0);
  estBase = new Float64Array(0);
  estPerGuest = new Float64Array(0);
  estMin = new Float64Array(0);
  /** Whole dollars (lib/estimate.ts readPricingModel): half the bytes of a Float64Array. */
  estDayFee = new Int32Array(0);
  estPeakMonths = new Uint16Array(0);
  /** 1 + the peak surcharge, 1 − the weekday discount (lib/all-in.ts Terms). */
  estPeakFactor = new Float64Array(0);
  estWeekdayFactor = new Float64Array(0);
  estFlags = new Uint8Array(0);
  estServiceRate = new Float64Array(0);
  estFeeFlat = new Float64Array(0);
  estFeeGuest = new Float64Array(0);
  estTaxRate = new Float64Array(0);
  /** Codes into `categoryIds` (0: none). */
  category = new Uint16Array(0);
  /** `amenityWords` words per slot: bit b set when the venue includes amenity b. */
  amenities = new Uint32Array(0);
  amenityWords = 2;
  /** The 'Featured' badge: an admin featured the venue (ADR 003). */
  featured = new Uint8Array(0);
  rating = new Float32Array(0);
  reviewCount = new Int32Array(0);
  /** 1 when the coordinates are valid (spec section 5). */
  hasPosition = new Uint8Array(0);
  lat = new Float64Array(0);
  lng = new Float64Array(0);
  /** Web Mercator position, 0-1 across the world. */
  x = new Float64Array(0);
  y = new Float64Array(0);
  /**
   * Availability (ADR 030): for each day number some venue has blocked (held or booked), a bit per
   * slot (a replaced venue's old slot keeps its bits, dead): 12.5 KB a day at 100,000 slots, a
   * fifth of a list of slots per day (issue 42). The closed months' bits apart.
   */
  protected blockedDays = new Map<number, Uint32Array>();
  closed = new Uint16Array(0);
  /** The day number of each slot's last calendar change (NEVER: never touched), issue 41. */
  calendarDay = new Int32Array(0);

  protected readonly regionCode = new Map<string, number>();
  protected readonly categoryCode = new Map<string, number>();
  readonly categoryIds: string[] = [""];
  protected categoryInfo = new Map<string, { name: string; words: string[] }>();
  protected categoryByName = new Map<string, string>();
  readonly amenityBit = new Map<string, number>();
  /** Word of a name, address or description → slots holding it, ascending. */
  protected postings = new Map<string, number[] | Int32Array>();
  /** Slots added after `seal()`, per word. */
  protected laterPostings = new Map<string, number[]>();
  protected vocabulary: string[] | null = null;
  /** Vocabulary words containing a given word, for the substring filters; cleared with the vocabulary. */
  protected containing = new Map<string, string[]>();

  /** `expected`: venues about to be added (room for them at once). */
  constructor(categories: StoreCategory[] = [], expected = 1024) {
    this.setCategories(categories);
    this.reserve(expected);
  }

  get size(): number {
    return this.slotById.size;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  /** A live venue's slot. */
  slotOf(id: string): number | undefined {
    return this.slotById.get(id);
  }

  /** Replaces the venue types (their names take part in the free text). */
  setCategories(categories: StoreCategory[]): void {
    this.categoryInfo = new Map(categories.map((c) => [c.id, { name: c.name, words: textWords(c.name) }]));
    this.categoryByName = new Map(categories.map((c) => [c.name.trim().toLowerCase(), c.id]));
  }

  private reserve(size: number) {
    if (size <= this.room) return;
    // A multiple of 32: the blocked days' bit sets hold a whole word per 32 slots.
    const room = Math.ceil(Math.max(size, this.room * 2) / 32) * 32;
    this.alive = grow(this.alive, room);
    this.region = grow(this.region, room);
    this.capacity = grow(this.capacity, room);
    this.seated = grow(this.seated, room);
    this.outsideCatering = grow(this.outsideCatering, room);
    this.minPrice = grow(this.minPrice, room);
    this.sortPrice = grow(this.sortPrice, room);
    this.estKind = grow(this.estKind, room);
    this.estBase = grow(this.estBase, room);
    this.estPerGuest = grow(this.estPerGuest, room);
    this.estMin = grow(this.estMin, room);
    this.estDayFee = grow(this.estDayFee, room * DAY_KINDS.length);
    this.estPeakMonths = grow(this.estPeakMonths, room);
    this.estPeakFactor = grow(this.estPeakFactor, room);
    this.estWeekdayFactor = grow(this.estWeekdayFactor, room);
    this.estFlags = grow(this.estFlags, room);
    this.estServiceRate = grow(this.estServiceRate, room);
    this.estFeeFlat = grow(this.estFeeFlat, room);
    this.estFeeGuest = grow(this.estFeeGuest, room);
    this.estTaxRate = grow(this.estTaxRate, room);
    this.category = grow(this.category, room);
    this.amenities = grow(this.amenities, room * this.amenityWords);
    this.featured = grow(this.featured, room);
    this.rating = grow(this.rating, room);
    this.reviewCount = grow(this.reviewCount, room);
    this.hasPosition = grow(this.hasPosition, room);
    this.lat = grow(this.lat, room);
    this.lng = grow(this.lng, room);
    this.x = grow(this.x, room);
    this.y = grow(this.y, room);
    this.closed = grow(this.closed, room);
    this.calendarDay = grow(this.calendarDay, room);
    for (const [day, bits] of this.blockedDays) this.blockedDays.set(day, grow(bits, room >> 5));
    this.room = room;
  }

  /** Amenity bits per slot, widened (copying every slot) when the dictionary outgrows them. */
  private amenityBitFor(key: string): number {
    let bit = this.amenityBit.get(key);
    if (bit !== undefined) return bit;
    bit = this.amenityBit.size;
    this.amenityBit.set(key, bit);
    if (bit >= this.amenityWords * 32) {
      const words = this.amenityWords * 2;
      const next = new Uint32Array(this.room * words);
      for (let s = 0; s < this.slots; s++)
        for (let w = 0; w < this.amenityWords; w++)
          next[s * words + w] = this.amenities[s * this.amenityWords + w]!;
      this.amenities = next;
      this.amenityWords = words;
    }
    return bit;
  }

  private code(map: Map<string, number>, list: string[] | null, value: string | null): number {
    if (value === null) return 0;
    let c = map.get(value);
    if (c === undefined) {
      c = map.size + 1;
      map.set(value, c);
      list?.push(value);
    }
    return c;
  }

  /** Adds (or replaces) a venue. */
  add(v: StoreVenue): number {
    this.remove(v.id);
    this.reserve(this.slots + 1);
    const s = this.slots++;
    this.slotById.set(v.id, s);
    this.ids[s] = v.id;
    this.names[s] = v.name.toLowerCase();
    this.locations[s] = v.location.toLowerCase();
    this.alive[s] = 1;
    this.region[s] = this.code(this.regionCode, null, v.region);
    this.capacity[s] = v.capacity ?? -1;
    const facts = readFacts(v.facts);
    this.seated[s] = facts.seated ?? -1;
    this.outsideCatering[s] = facts.catering === "allowed" || facts.catering === "approved-list" ? 1 : 0;
    this.minPrice[s] = v.minPrice;
    const listed = {
      pricePerEvent: v.pricePerEvent ?? null,
      priceLow: v.priceLow ?? null,
      priceHigh: v.priceHigh ?? null,
      priceRange: v.priceRange ?? null,
    };
    const quote = listedQuote(listed);
    const model = readPricingModel(v.pricingModel);
    // The same terms estimateCost gives the formula: the model first, else the listed quote.
    this.estKind[s] = model ? 2 : quote ? 1 : 0;
    const terms = model
      ? modelTerms(model, null)
      : plainTerms(quote?.kind === "event" ? quote.amount : 0, quote?.kind === "guest" ? quote.amount : 0);
    this.estBase[s] = terms.site;
    this.estPerGuest[s] = terms.perGuest;
    this.estMin[s] = terms.minSpend;
    DAY_KINDS.forEach((kind, k) => (this.estDayFee[s * DAY_KINDS.length + k] = model?.dayFees[kind] ?? -1));
    this.estPeakMonths[s] = (model?.peakMonths ?? []).reduce((bits, m) => bits | (1 << (m - 1)), 0);
    this.estPeakFactor[s] = 1 + rate(model?.peakPercent ?? 0);
    this.estWeekdayFactor[s] = 1 - rate(model?.weekdayPercent ?? 0);
    const extras =
      terms.serviceRate > 0 ||
      terms.taxRate > 0 ||
      terms.feeFlat > 0 ||
      terms.feePerGuest > 0 ||
      DAY_KINDS.some((kind) => model?.dayFees[kind] != null);
    this.estFlags[s] = (terms.minOnPerGuest ? 1 : 0) | (terms.serviceOnMinimum ? 2 : 0) | (extras ? 4 : 0);
    this.estServiceRate[s] = terms.serviceRate;
    this.estFeeFlat[s] = terms.feeFlat;
    this.estFeeGuest[s] = terms.feePerGuest;
    this.estTaxRate[s] = terms.taxRate;
    this.sortPrice[s] = Math.min(quote?.low ?? (v.minPrice > 0 ? v.minPrice : -1), 2 ** 31 - 1);
    this.category[s] = this.code(this.categoryCode, this.categoryIds, v.categoryId);
    for (const a of normalizeAmenities(v.amenities)) {
      const key = amenityKey(a.name);
      if (!a.included || !key) continue;
      const bit = this.amenityBitFor(key);
      this.amenities[s * this.amenityWords + (bit >> 5)]! |= 1 << (bit & 31);
    }
    const r = v.blocked;
    if (r)
      for (let k = 0; k + 1 < r.length; k += 2)
        for (let d = r[k]!; d <= r[k + 1]!; d++) {
          let bits = this.blockedDays.get(d);
          if (!bits) this.blockedDays.set(d, (bits = new Uint32Array(this.room >> 5)));
          bits[s >> 5]! |= 1 << (s & 31);
        }
    this.closed[s] = v.closedMonths ?? 0;
    this.calendarDay[s] = v.calendarDay ?? NEVER_TOUCHED;
    this.featured[s] = v.isFeatured ? 1 : 0;
    this.rating[s] = v.rating;
    this.reviewCount[s] = v.reviewCount;
    if (isValidCoordinate(v.latitude, v.longitude)) {
      const [lat, lng] = [Number(v.latitude), Number(v.longitude)];
      this.hasPosition[s] = 1;
      this.lat[s] = lat;
      this.lng[s] = lng;
      this.x[s] = mercatorX(lng);
      this.y[s] = mercatorY(lat);
    }
    // Each word once per slot: a word already posted for this slot is the list's last (no Set).
    for (const word of `${v.name} ${v.location} ${v.description}`.toLowerCase().match(WORD) ?? []) {
      const sealed = this.postings.get(word);
      if (sealed instanceof Int32Array) {
        const later = this.laterPostings.get(word);
        if (!later) this.laterPostings.set(word, [s]);
        else if (later[later.length - 1] !== s) later.push(s);
      } else if (sealed) {
        if (sealed[sealed.length - 1] !== s) sealed.push(s);
      } else {
        this.postings.set(word, [s]);
        this.vocabulary = null;
        this.containing.clear();
      }
    }
    return s;
  }

  /** Removes a venue (unapproved, deleted or about to be replaced). */
  remove(id: string): boolean {
    const s = this.slotById.get(id);
    if (s === undefined) return false;
    this.slotById.delete(id);
    this.alive[s] = 0;
    return true;
  }

  /** Dead slots, to decide when a rebuild pays off. */
  get deadSlots(): number {
    return this.slots - this.slotById.size;
  }

  /** The slot of each live id again, from `ids` and `alive` (after a snapshot is read). */
  rebuildSlots(): void {
    this.slotById.clear();
    for (let s = 0; s < this.slots; s++) if (this.alive[s]) this.slotById.set(this.ids[s]!, s);
  }

  /** After a bulk load: packs the postings into typed arrays (half the memory). */
  seal(): void {
    for (const [word, list] of this.postings)
      if (Array.isArray(list)) this.postings.set(word, Int32Array.from(list));
  }
}
