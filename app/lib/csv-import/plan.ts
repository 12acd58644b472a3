import { nextTurn } from "../next-turn";
import { MAX_VENUE_IMAGES } from "../uploads";
import { priceRangeText } from "../venue";
import { parseLocation } from "../venue-address";
import {
  checkRecord,
  clip,
  nameKey,
  type Catalog,
  type Given,
  type VenueFields,
  type VenueRow,
} from "./check";
import { applyPriced, pricedCells } from "./priced";
import {
  CSV_COLUMNS,
  LIST_SEPARATOR,
  readCell,
  type CsvColumn,
  type CsvRecord,
  type ParsedCsv,
} from "./read";
import { wordDiff, type WordDiff } from "../word-diff";

// What the CSV import will do, row by row (ADR 012, issue 22): a row adds a venue or updates the
// one with its name and location, changing only the cells it fills; the preview shows each change
// and the import carries out the same plan (services/imports.server.ts).

/** A venue's two price cells: a range's ends, else its single price in lowPrice. */
const priceCells = (v: VenueFields): [number | null, number | null] =>
  v.priceLow !== null && v.priceHigh !== null ? [v.priceLow, v.priceHigh] : [v.pricePerEvent, null];

/** The spec's price from the two cells: both give '$low - $high', one gives the single price. */
function priceColumns(low: number | null, high: number | null) {
  const both = low !== null && high !== null;
  return {
    pricePerEvent: both ? null : (low ?? high),
    priceRange: both ? priceRangeText(low, high) : null,
    priceLow: both ? low : null,
    priceHigh: both ? high : null,
  };
}

const numberCell = (n: number | null) => (n === null ? "" : String(n));

/** A venue as a row of the import's own columns: what the export writes and the preview compares. */
export function venueCells(v: VenueFields): Record<CsvColumn, string> {
  const [low, high] = priceCells(v);
  return {
    name: v.name,
    description: v.description,
    location: v.location,
    website: v.website ?? "",
    phone: v.phone ?? "",
    email: v.email ?? "",
    region: v.region ?? "",
    lowPrice: numberCell(low),
    highPrice: numberCell(high),
    capacity: numberCell(v.capacity),
    category: v.category ?? "",
    amenities: v.amenities.map((a) => a.name).join(LIST_SEPARATOR),
    imageUrls: v.images.join(LIST_SEPARATOR),
    logoUrl: v.logoUrl ?? "",
    ...pricedCells(v),
  };
}

/**
 * The venue a row makes: a new one (`current` null) or `current` updated. A blank cell keeps the
 * venue's value and CLEAR_CELL clears it (issue 22); each price cell is kept or set on its own, and
 * a price whose two cells do not change keeps its text ('From $5,000'). An amenity the venue has
 * keeps its 'at extra cost' mark, which the file cannot say. Images are added after the venue's
 * own, 10 at most; a logo is set only where there is none. The pricing, facts and their
 * confirmation as ./priced.ts says (`now`: the time of a confirmation without a day). Problems
 * refuse the row; warnings do not.
 */
export function applyRow(
  current: VenueFields | null,
  row: VenueRow,
  now: Date = new Date(),
): { venue: VenueFields; problems: string[]; warnings: string[] } {
  const priced = applyPriced(current, row.priced, now);
  const problems: string[] = [...priced.problems];
  const warnings: string[] = [...priced.warnings];
  const keep = <T>(value: Given<T>, old: T | null | undefined): T | null =>
    value === undefined ? (old ?? null) : value;

  const [oldLow, oldHigh] = current ? priceCells(current) : [null, null];
  const low = keep(row.lowPrice, oldLow);
  const high = keep(row.highPrice, oldHigh);
  if (low !== null && high !== null && low > high) problems.push("lowPrice is higher than highPrice");
  const price =
    current && low === oldLow && high === oldHigh
      ? {
          pricePerEvent: current.pricePerEvent,
          priceRange: current.priceRange,
          priceLow: current.priceLow,
          priceHigh: current.priceHigh,
        }
      : priceColumns(low, high);

  // The address parts of an unchanged location stay as they are (the edit form may have set them).
  const parts = current?.location === row.location ? null : parseLocation(row.location);
  const address =
    current?.location === row.location
      ? {
          addressLine1: current.addressLine1,
          addressLine2: current.addressLine2,
          city: current.city,
          postalCode: current.postalCode,
        }
      : {
          addressLine1: parts?.addressLine1 || null,
          addressLine2: parts?.addressLine2 || null,
          city: parts?.city || null,
          postalCode: parts?.postalCode || null,
        };

  const included = new Map((current?.amenities ?? []).map((a) => [nameKey(a.name), a.included]));
  const amenities =
    row.amenities === undefined
      ? (current?.amenities ?? [])
      : (row.amenities ?? []).map((name) => ({ name, included: included.get(nameKey(name)) ?? true }));

  const own = current?.images ?? [];
  const added = row.images.filter((u) => !own.includes(u));
  const room = Math.max(0, MAX_VENUE_IMAGES - own.length);
  if (added.length > room)
    warnings.push(
      `imageUrls: ${added.length - room} of the file's images not added (a venue has at most ${MAX_VENUE_IMAGES})`,
    );
  if (current?.logoUrl && row.logoUrl && row.logoUrl !== current.logoUrl)
    warnings.push("logoUrl: the venue's own logo is kept (an import never replaces a logo)");

  return {
    venue: {
      name: row.name,
      description: row.description,
      location: row.location,
      ...address,
      region: row.region,
      website: keep(row.website, current?.website),
      phone: keep(row.phone, current?.phone),
      email: keep(row.email, current?.email),
      ...price,
      capacity: keep(row.capacity, current?.capacity),
      categoryId: row.categoryId,
      category: row.category,
      amenities,
      images: [...own, ...added.slice(0, room)],
      logoUrl: current?.logoUrl ?? row.logoUrl,
      ...priced.fields,
    },
    problems,
    warnings,
  };
}

/** One column a row changes, as the file writes it: old -> new (empty: blank). */
export type FieldChange = { field: CsvColumn; from: string; to: string };

/** The columns whose cells differ between two versions of a venue, in the file's order. */
export function diffVenue(before: VenueFields, after: VenueFields): FieldChange[] {
  const a = venueCells(before);
  const b = venueCells(after);
  return CSV_COLUMNS.flatMap((field) =>
    a[field] === b[field] ? [] : [{ field, from: a[field], to: b[field] }],
  );
}

// ---------------------------------------------------------------------------------------------
// The plan: what the import will do, row by row (the preview shows it; the import carries it out)
// ---------------------------------------------------------------------------------------------

/**
 * An existing venue a row may update (same name and location, compared as `nameKey` does);
 * `placed`: it has valid coordinates, which an update keeps.
 */
export type ExistingVenue = { id: string; isApproved: boolean; placed: boolean; venue: VenueFields };

export const venueKey = (name: string, location: string) => `${nameKey(name)}\u0000${nameKey(location)}`;

/** `input`: what the row says; `venue`: the venue it makes; `values`: the row as read. */
export type PlannedRow =
  | {
      row: number;
      action: "add";
      input: VenueRow;
      venue: VenueFields;
      warnings: string[];
      values: CsvRecord["values"];
    }
  | {
      row: number;
      action: "update";
      input: VenueRow;
      venue: VenueFields;
      existing: ExistingVenue;
      changes: FieldChange[];
      warnings: string[];
      values: CsvRecord["values"];
    }
  | { row: number; action: "skip"; name: string; problems: string[]; values: CsvRecord["values"] };

export type ImportPlan = { rows: PlannedRow[]; notices: string[] };

/** Rows checked between two pauses (20-25 ms of CPU in bench:import on our machines). */
const PLAN_BATCH_ROWS = 500;

/**
 * Each record checked, then matched: a row whose name and location match an existing venue
 * updates it; a second row for the same venue in one file is a problem (which one should win?).
 * Other requests are served between batches of rows (`pause`).
 */
export async function planImport(
  parsed: Extract<ParsedCsv, { ok: true }>,
  catalog: Catalog,
  existing: ExistingVenue[],
  pause: () => Promise<void> = nextTurn,
): Promise<ImportPlan> {
  const byKey = new Map(existing.map((e) => [venueKey(e.venue.name, e.venue.location), e]));
  const seen = new Map<string, number>();
  const rows: PlannedRow[] = parsed.problems.map((p) => ({
    row: p.row,
    action: "skip" as const,
    name: readCell(p.name),
    problems: p.problems,
    values: p.values,
  }));
  for (const [i, record] of parsed.records.entries()) {
    if (i > 0 && i % PLAN_BATCH_ROWS === 0) await pause();
    const { row, values } = record;
    const name = readCell(values.name);
    const skip = (problems: string[]) => rows.push({ row, action: "skip", name, problems, values });
    const key = venueKey(name, readCell(values.location));
    const match = byKey.get(key);
    const checked = checkRecord(record, catalog, match?.venue);
    if (!checked.ok) {
      skip(checked.problems);
      continue;
    }
    const applied = applyRow(match?.venue ?? null, checked.venue);
    if (applied.problems.length > 0) {
      skip(applied.problems);
      continue;
    }
    const first = seen.get(key);
    if (first !== undefined) {
      skip([`Same name and location as row ${first}`]);
      continue;
    }
    seen.set(key, row);
    const planned = {
      row,
      input: checked.venue,
      venue: applied.venue,
      warnings: [...checked.venue.warnings, ...applied.warnings],
      values,
    };
    rows.push(
      match
        ? { ...planned, action: "update", existing: match, changes: diffVenue(match.venue, applied.venue) }
        : { ...planned, action: "add" },
    );
  }
  rows.sort((a, b) => a.row - b.row);
  return { rows, notices: parsed.notices };
}

/** What the preview shows of a planned row (no more than the table needs). */
export type PreviewRow = {
  row: number;
  action: PlannedRow["action"];
  name: string;
  location?: string;
  category?: string;
  problems?: string[];
  /** An update of a venue that is still pending approval. */
  pending?: true;
  /** An update's changes, old -> new (long texts shortened); empty when nothing changes. */
  changes?: PreviewChange[];
  warnings?: string[];
  /** The row as read, for the warnings download: rows with problems or warnings only. */
  values?: CsvRecord["values"];
};

/** What the import would do with a file (the preview step); the panel shows it as it comes. */
export type ImportPreview = {
  fileName: string;
  rows: PreviewRow[];
  counts: { add: number; update: number; skip: number };
  notices: string[];
  /** Names this exact file and plan; the import must send it back. */
  token: string;
};

const CHANGE_SHOWN_CHARS = 200;

/** A change as the preview shows it: a long text also by the words that differ (issue 41). */
export type PreviewChange = FieldChange & { diff?: WordDiff };

function previewChange(c: FieldChange): PreviewChange {
  const shown = {
    field: c.field,
    from: clip(c.from, CHANGE_SHOWN_CHARS),
    to: clip(c.to, CHANGE_SHOWN_CHARS),
  };
  if (c.from.length <= CHANGE_SHOWN_CHARS && c.to.length <= CHANGE_SHOWN_CHARS) return shown;
  const d = wordDiff(c.from, c.to);
  const part = (s: string) => clip(s, CHANGE_SHOWN_CHARS);
  return {
    ...shown,
    diff: { before: d.before, removed: part(d.removed), added: part(d.added), after: d.after },
  };
}

export function previewRow(p: PlannedRow): PreviewRow {
  if (p.action === "skip")
    return { row: p.row, action: "skip", name: p.name, problems: p.problems, values: p.values };
  return {
    row: p.row,
    action: p.action,
    name: p.venue.name,
    location: p.venue.location,
    category: p.venue.category ?? "",
    ...(p.action === "update"
      ? {
          ...(p.existing.isApproved ? {} : { pending: true as const }),
          changes: p.changes.map(previewChange),
        }
      : {}),
    ...(p.warnings.length > 0 ? { warnings: p.warnings, values: p.values } : {}),
  };
}

/**
 * The plan in one line per row, so the import can tell whether it still matches the preview:
 * the action, the venue updated, what changes and what is warned about.
 */
export const planSignature = (plan: ImportPlan) =>
  plan.rows
    .map((r) =>
      r.action === "skip"
        ? `${r.row}:skip`
        : [
            r.row,
            r.action,
            ...(r.action === "update" ? [r.existing.id, JSON.stringify(r.changes)] : []),
            ...(r.warnings.length > 0 ? [JSON.stringify(r.warnings)] : []),
          ].join(":"),
    )
    .join("\n");

// ---------------------------------------------------------------------------------------------
// What an import did, and the rows the admin should look at
// ---------------------------------------------------------------------------------------------

/**
 * A row the admin should look at: skipped, failed, or imported with a warning. `status` is the
 * preview's action or the import's outcome; `values` is the row as the file gave it.
 */
export type ImportWarning = {
  row: number;
  name: string;
  status: PlannedRow["action"] | RowOutcome["outcome"];
  message: string;
  values?: CsvRecord["values"];
};

/** What an import did, row by row; the panel shows its counts and offers the warnings. */
export type RowOutcome = {
  row: number;
  outcome: "added" | "updated" | "skipped" | "failed";
  name: string;
  venueId?: string;
  /** Why it was skipped or failed, or what to know about it though it was imported. */
  message?: string;
  /** An update that found the venue already as the row says. */
  unchanged?: true;
};

export type ImportSummary = {
  importId: string;
  fileName: string;
  totalRows: number;
  imported: number;
  added: number;
  updated: number;
  /** Updates that changed nothing (the venue already was as the row says). */
  unchanged: number;
  /** Imported rows whose address the geocoder could not place (shown as 'Missing Coordinates'). */
  unplaced: number;
  warnings: ImportWarning[];
  rows: RowOutcome[];
};

/** The preview's rows to look at (skipped, or imported with a warning), for its download. */
export const previewWarnings = (rows: PreviewRow[]): ImportWarning[] =>
  rows.flatMap((r) => {
    const message = (r.action === "skip" ? r.problems : r.warnings)?.join("; ");
    return message ? [{ row: r.row, name: r.name, status: r.action, message, values: r.values }] : [];
  });
