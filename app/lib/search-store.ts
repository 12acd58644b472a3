// The search's filter rules, orders and free text over every approved venue, held in memory
// (spec, public side, section 5 'Search filtering'; ADR 005). Pure: it knows nothing of the
// database. app/services/search-index.server.ts fills one store per database and keeps it current;
// ./search-columns.ts holds the venues' columns and how a venue goes in.
import { CALENDAR_FRESH_DAYS } from "./availability";
import { MAX_PRICE } from "./catalog";
import { utcDay } from "./dates";
import { allIn, newWorking, plainTerms } from "./all-in";
import { DAY_KINDS, dayOf, parseIsoDate } from "./estimate";

const WEEKDAY = DAY_KINDS.indexOf("weekday");
/** estFlags: the venue states day rates, a service charge, fees or a tax (search-columns.ts). */
const EXTRAS = 4;
import { ESTIMATE_SORTS, type SearchFilters, type SearchSort } from "./search";
import { amenityKey, dayNumber, SearchColumns, textWords } from "./search-columns";
import { SmallestKeys } from "./smallest-keys";
import { isUuid } from "./uuid";

/** Free text looks at this many words of `q` at most. */
const MAX_QUERY_WORDS = 8;
/** A substring filter's word shorter than this gives no candidates (it would match most words). */
const MIN_PREFILTER_WORD = 3;

export class SearchStore extends SearchColumns {
  /** Each list order: its live slots sorted, as of `upTo` slots (later slots are merged in on use). */
  private orders: Partial<Record<SearchSort, { slots: Int32Array; upTo: number }>> = {};

  // -------------------------------------------------------------------------------------------
  // Orders
  // -------------------------------------------------------------------------------------------

  /**
   * Slot comparison for a list order. Each ends in the name and then the id, so no two venues tie
   * and a page never repeats or skips a venue. "Price", either way, puts venues with no price at
   * all ('Contact for pricing') after the priced ones; a price written only as text ('Starting at
   * $2,500') counts by its amount. Featured follows the card's badge: the venues an admin
   * featured (ADR 003). The estimate orders are ranked per search (byEstimate); stored, they are
   * the price orders.
   */
  compare(sort: SearchSort): (a: number, b: number) => number {
    const { names, ids, featured, rating, reviewCount, sortPrice } = this;
    const byName = (a: number, b: number) =>
      names[a]! < names[b]!
        ? -1
        : names[a]! > names[b]!
          ? 1
          : ids[a]! < ids[b]!
            ? -1
            : ids[a]! > ids[b]!
              ? 1
              : 0;
    switch (ESTIMATE_SORTS[sort] ?? sort) {
      case "price-asc":
        return (a, b) =>
          Number(sortPrice[a] < 0) - Number(sortPrice[b] < 0) ||
          sortPrice[a]! - sortPrice[b]! ||
          byName(a, b);
      case "price-desc":
        return (a, b) =>
          Number(sortPrice[a] < 0) - Number(sortPrice[b] < 0) ||
          sortPrice[b]! - sortPrice[a]! ||
          byName(a, b);
      case "rating":
        return (a, b) => rating[b]! - rating[a]! || reviewCount[b]! - reviewCount[a]! || byName(a, b);
      case "reviews":
        return (a, b) => reviewCount[b]! - reviewCount[a]! || rating[b]! - rating[a]! || byName(a, b);
      default:
        return (a, b) => featured[b]! - featured[a]! || rating[b]! - rating[a]! || byName(a, b);
    }
  }

  /**
   * Live slots in a list order: sorted on first use; later, the venues added since are sorted
   * apart and merged in, and removed ones dropped (one pass, however many changed).
   */
  ordered(wanted: SearchSort): Int32Array {
    const sort = ESTIMATE_SORTS[wanted] ?? wanted;
    const cached = this.orders[sort];
    if (cached && cached.upTo === this.slots) return cached.slots;
    const compare = this.compare(sort);
    const alive = this.alive;
    const from = cached?.upTo ?? 0;
    const added: number[] = [];
    for (let s = from; s < this.slots; s++) if (alive[s]) added.push(s);
    added.sort(compare);
    const before = cached?.slots ?? new Int32Array(0);
    const out = new Int32Array(this.slotById.size);
    let [i, j, n] = [0, 0, 0];
    while (i < before.length || j < added.length) {
      if (i < before.length && !alive[before[i]!]) {
        i++;
        continue;
      }
      if (j >= added.length || (i < before.length && compare(before[i]!, added[j]!) <= 0))
        out[n++] = before[i++]!;
      else out[n++] = added[j++]!;
    }
    const slots = out.subarray(0, n);
    this.orders[sort] = { slots, upTo: this.slots };
    return slots;
  }

  /** A slot's estimate for a guest count on a date (null: no date), or null when it has no price. */
  estimate(s: number, guests: number, date: string | null): number | null {
    const day = date ? dayOf(date) : null;
    return this.estimateOn(s, guests, day?.month ?? 0, day ? DAY_KINDS.indexOf(day.kind) : null);
  }

  /** The formula's terms and working, filled in per slot (the same two for every estimate: the
   *  sort makes 100,000). */
  private readonly terms = plainTerms(0, 0);
  private readonly working = newWorking();
  /** Each live slot's place in a list order, and the order it was taken from. */
  private placesIn: Partial<Record<SearchSort, { order: Int32Array; place: Int32Array }>> = {};

  /**
   * Live slots in the list order `sort`, by their places in it: a numeric sort of integers
   * instead of the order's comparisons of ratings and names (a word search ranks thousands).
   */
  inOrder(slots: ArrayLike<number>, sort: SearchSort): Int32Array {
    const place = this.places(sort);
    const order = this.ordered(sort);
    return Int32Array.from(slots, (s) => place[s]!)
      .sort()
      .map((k) => order[k]!);
  }

  /** Each live slot's place in the list order `sort` (byEstimate's tie-break). */
  private places(wanted: SearchSort): Int32Array {
    const sort = ESTIMATE_SORTS[wanted] ?? wanted;
    const order = this.ordered(sort);
    const cached = this.placesIn[sort];
    if (cached?.order === order) return cached.place;
    const place = new Int32Array(this.slots);
    for (let k = 0; k < order.length; k++) place[order[k]!] = k;
    this.placesIn[sort] = { order, place };
    return place;
  }

  /** `kind`: the day's index in DAY_KINDS (null: no date). */
  private estimateOn(s: number, guests: number, month: number, kind: number | null): number | null {
    const source = this.estKind[s]!;
    if (source === 0) return null;
    const t = this.terms;
    const model = source === 2;
    const flags = this.estFlags[s]!;
    // A venue that states no day rate, service, fee or tax (every listed price, and models
    // without them) reads none of their columns: in the sort's price order each read is a cache
    // miss, and they made the sort by the estimate three times slower (issue 43).
    const extras = (flags & EXTRAS) !== 0;
    const dayFee = extras && kind !== null ? this.estDayFee[s * DAY_KINDS.length + kind]! : -1;
    t.site = dayFee >= 0 ? dayFee : this.estBase[s]!;
    t.perGuest = this.estPerGuest[s]!;
    t.minSpend = this.estMin[s]!;
    t.peakFactor =
      model && month > 0 && (this.estPeakMonths[s]! >> (month - 1)) & 1 ? this.estPeakFactor[s]! : 1;
    t.weekdayFactor = model && kind === WEEKDAY ? this.estWeekdayFactor[s]! : 1;
    t.minOnPerGuest = (flags & 1) !== 0;
    t.serviceOnMinimum = (flags & 2) !== 0;
    t.serviceRate = extras ? this.estServiceRate[s]! : 0;
    t.feeFlat = extras ? this.estFeeFlat[s]! : 0;
    t.feePerGuest = extras ? this.estFeeGuest[s]! : 0;
    t.taxRate = extras ? this.estTaxRate[s]! : 0;
    return allIn(t, guests, this.working).total;
  }

  /**
   * The first `limit` of `slots` (in any order) ranked by the estimate for `guests` on `date`,
   * cheapest or dearest first, ties in the price order that way; venues without any price last
   * either way. Keys pack (estimate, place in the price order) into one number; a page near the
   * top keeps the best `limit` keys in a heap (n log 24 for page 1), a deep one sorts them all.
   * Given in slot order, each venue's columns lie next to the last one's: in the price order every
   * read was a cache miss, and the sort three times slower (issue 43).
   */
  byEstimate(
    slots: ArrayLike<number>,
    guests: number,
    date: string | null,
    descending: boolean,
    limit = slots.length,
  ): Int32Array {
    const n = slots.length;
    const iso = parseIsoDate(date);
    const day = iso ? dayOf(iso) : null;
    const [month, kind] = [day?.month ?? 0, day ? DAY_KINDS.indexOf(day.kind) : null];
    const sort = descending ? "price-desc" : "price-asc";
    const place = this.places(sort);
    const span = 2 ** Math.ceil(Math.log2(this.slots + 1));
    const CAP = 2 ** 31;
    const want = Math.min(limit, n);
    const best = new SmallestKeys(n, want);
    for (let k = 0; k < n; k++) {
      const s = slots[k]!;
      const e = this.estimateOn(s, guests, month, kind);
      const rank = e === null ? CAP * 2 : descending ? CAP - Math.min(e, CAP) : Math.min(e, CAP);
      best.offer(rank * span + place[s]!);
    }
    const keys = best.sorted();
    const out = new Int32Array(want);
    const order = this.ordered(sort);
    for (let k = 0; k < want; k++) out[k] = order[keys[k]! % span]!;
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Free text and substring candidates
  // -------------------------------------------------------------------------------------------

  private sortedVocabulary(): string[] {
    return (this.vocabulary ??= [...this.postings.keys()].sort());
  }

  private markWord(marks: Uint8Array, word: string): void {
    for (const s of this.postings.get(word) ?? []) marks[s] = 1;
    for (const s of this.laterPostings.get(word) ?? []) marks[s] = 1;
  }

  private postingCount(word: string): number {
    return (this.postings.get(word)?.length ?? 0) + (this.laterPostings.get(word)?.length ?? 0);
  }

  /**
   * Slots matching the free text `q`: every word of it begins a word of the venue's name, address
   * or description, or of its type's name. Null when `q` has no words.
   */
  textMatches(q: string): Uint8Array | null {
    const words = textWords(q).slice(0, MAX_QUERY_WORDS);
    if (words.length === 0) return null;
    const vocab = this.sortedVocabulary();
    let result: Uint8Array | null = null;
    for (const word of words) {
      const hits = new Uint8Array(this.slots);
      let [lo, hi] = [0, vocab.length];
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (vocab[mid]! < word) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < vocab.length && vocab[i]!.startsWith(word); i++) this.markWord(hits, vocab[i]!);
      const types = new Set<number>();
      for (const [id, c] of this.categoryInfo)
        if (c.words.some((w) => w.startsWith(word)) && this.categoryCode.has(id))
          types.add(this.categoryCode.get(id)!);
      if (types.size > 0) for (let s = 0; s < this.slots; s++) if (types.has(this.category[s]!)) hits[s] = 1;
      if (result) for (let s = 0; s < this.slots; s++) result[s]! &= hits[s]!;
      else result = hits;
    }
    return result;
  }

  /**
   * Slots that may contain `text` as a substring of their name or address: each word of `text`
   * lies inside some word of the venue's text. Null when that would not narrow much (short words).
   */
  substringCandidates(text: string): Uint8Array | null {
    const words = textWords(text).filter((w) => w.length >= MIN_PREFILTER_WORD);
    if (words.length === 0) return null;
    const vocab = this.sortedVocabulary();
    let result: Uint8Array | null = null;
    for (const word of words.sort((a, b) => b.length - a.length).slice(0, 2)) {
      let inside = this.containing.get(word);
      if (!inside) {
        if (this.containing.size >= 1000) this.containing.clear();
        this.containing.set(word, (inside = vocab.filter((v) => v.includes(word))));
      }
      if (inside.reduce((n, v) => n + this.postingCount(v), 0) > this.slots / 2) continue;
      const hits = new Uint8Array(this.slots);
      for (const v of inside) this.markWord(hits, v);
      if (result) for (let s = 0; s < this.slots; s++) result[s]! &= hits[s]!;
      else result = hits;
    }
    return result;
  }

  // -------------------------------------------------------------------------------------------
  // Filters
  // -------------------------------------------------------------------------------------------

  /**
   * The filters as a test on one live slot (spec section 5): location and venue name are
   * case-insensitive substrings, region is exact, guests keeps capacity >= N, max price keeps the
   * lowest price <= the value (25,000 means no limit), types match any of those chosen, amenities
   * must all be included (a venue with no amenity list fails), and `q` as textMatches says.
   * Null when nothing can match (an amenity no venue offers, only unknown types or regions).
   */
  matcher(f: SearchFilters): ((slot: number) => boolean) | null {
    return this.query(f)?.test ?? null;
  }

  /**
   * The date filter (ADR 030): whether a slot is not free on `f.date` (a range covers it or its
   * month is closed), or for `f.month` (closed that month, or every day of it covered); null
   * without a date. A venue without availability data is free.
   */
  private notFree(f: SearchFilters): ((s: number) => boolean) | null {
    const closed = this.closed;
    let from: number;
    let to: number;
    let month: number;
    if (f.date) {
      from = to = dayNumber(f.date);
      month = Number(f.date.slice(5, 7));
    } else if (f.month) {
      const [y, m] = f.month.split("-").map(Number) as [number, number];
      from = dayNumber(`${f.month}-01`);
      to = Math.round(Date.UTC(y, m, 0) / 86_400_000);
      month = m;
    } else return null;
    // The slots blocked on every day of the span: the days' bit sets ANDed (none if a day has none).
    let all: Uint32Array | null = null;
    for (let d = from; d <= to; d++) {
      const bits = this.blockedDays.get(d);
      if (!bits) {
        all = null;
        break;
      }
      if (!all) all = bits.slice();
      else for (let w = 0; w < all.length; w++) all[w]! &= bits[w]!;
    }
    const bit = 1 << month;
    const blocked = all;
    if (!blocked) return (s) => (closed[s]! & bit) !== 0;
    return (s) => (closed[s]! & bit) !== 0 || ((blocked[s >> 5]! >>> (s & 31)) & 1) === 1;
  }

  /**
   * Whether a slot's calendar still vouches for its free days on `today` (issue 41): changed in
   * the last CALENDAR_FRESH_DAYS days.
   */
  confirmedOn(today: string): (s: number) => boolean {
    const since = dayNumber(today) - CALENDAR_FRESH_DAYS;
    const calendarDay = this.calendarDay;
    return (s) => calendarDay[s]! >= since;
  }

  /**
   * The matcher with what narrows it: `candidates`, the only slots that can match when a word
   * filter (`q`, location, venue name) applies, ascending; `all` when no filter applies at all;
   * with a date or month, `confirmed` tells the venues whose calendar vouches for the free day
   * (issue 41), and `f.confirmed` keeps only those.
   */
  query(f: SearchFilters, today = utcDay()): StoreQuery | null {
    const location = f.location.trim().toLowerCase();
    const name = f.venueName.trim().toLowerCase();
    let region = 0;
    if (f.region) {
      region = this.regionCode.get(f.region) ?? -1;
      if (region < 0) return null;
    }
    const guests = f.guests !== null && f.guests > 0 ? f.guests : null;
    const maxPrice = f.maxPrice < MAX_PRICE ? Math.max(0, f.maxPrice) : null;

    let types: Uint8Array | null = null;
    if (f.categories.length > 0) {
      types = new Uint8Array(this.categoryIds.length);
      let any = false;
      for (const c of f.categories) {
        const id = isUuid(c) ? c.toLowerCase() : this.categoryByName.get(c.trim().toLowerCase());
        const code = id === undefined ? undefined : this.categoryCode.get(id);
        if (code !== undefined) {
          types[code] = 1;
          any = true;
        }
      }
      if (!any) return null;
    }

    const W = this.amenityWords;
    const mask = new Uint32Array(W);
    let wantAmenities = false;
    for (const a of new Set(f.amenities.map(amenityKey).filter(Boolean))) {
      const bit = this.amenityBit.get(a);
      if (bit === undefined) return null;
      mask[bit >> 5]! |= 1 << (bit & 31);
      wantAmenities = true;
    }

    let marks: Uint8Array | null = this.textMatches(f.q);
    for (const candidates of [
      location ? this.substringCandidates(location) : null,
      name ? this.substringCandidates(name) : null,
    ]) {
      if (!candidates) continue;
      if (marks) for (let s = 0; s < this.slots; s++) marks[s]! &= candidates[s]!;
      else marks = candidates;
    }

    const notFree = this.notFree(f);
    const confirmed = notFree ? this.confirmedOn(today) : null;
    const confirmedOnly = confirmed && f.confirmed ? confirmed : null;

    const { alive, capacity, minPrice, category, amenities, locations, names, seated, outsideCatering } =
      this;
    // Issue 43: a seated dinner for the guest count, outside caterers allowed.
    const seatedFor = f.seated ? guests : null;
    const catering = f.outsideCatering;
    const regionCodes = this.region;
    let candidates: Int32Array | null = null;
    if (marks) {
      let n = 0;
      for (let s = 0; s < this.slots; s++) n += marks[s]!;
      candidates = new Int32Array(n);
      for (let s = 0, k = 0; s < this.slots; s++) if (marks[s]) candidates[k++] = s;
    }
    const all =
      !marks &&
      !location &&
      !name &&
      !region &&
      guests === null &&
      maxPrice === null &&
      !types &&
      !wantAmenities &&
      !notFree &&
      !catering;
    const test = (s: number) => {
      if (!alive[s]) return false;
      if (notFree && notFree(s)) return false;
      if (confirmedOnly && !confirmedOnly(s)) return false;
      if (marks && marks[s] !== 1) return false;
      if (region && regionCodes[s] !== region) return false;
      if (guests !== null && capacity[s]! < guests) return false;
      if (seatedFor !== null && seated[s]! < seatedFor) return false;
      if (catering && outsideCatering[s] !== 1) return false;
      if (maxPrice !== null && minPrice[s]! > maxPrice) return false;
      if (types && types[category[s]!] !== 1) return false;
      if (wantAmenities)
        for (let w = 0; w < W; w++) {
          const m = mask[w]!;
          if (m !== 0 && (amenities[s * W + w]! & m) >>> 0 !== m) return false;
        }
      if (location && !locations[s]!.includes(location)) return false;
      if (name && !names[s]!.includes(name)) return false;
      return true;
    };
    return { test, candidates, all, confirmed };
  }
}

export type StoreQuery = {
  test: (slot: number) => boolean;
  candidates: Int32Array | null;
  all: boolean;
  /** With a date or month: whether a slot's free day is confirmed (issue 41); else null. */
  confirmed: ((slot: number) => boolean) | null;
};
