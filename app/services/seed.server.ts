// Fills an empty directory with demo content (seedIfEmpty) or with many venues for scale tests
// (seedScale). Both are deterministic: the same ids, text and pictures on every run.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/infra/db.server";
import { createFsStorage, type Storage } from "~/infra/storage.server";
import { AMENITY_NAMES, type VenueTypeKey } from "~/lib/catalog";
import { ownDetails } from "~/lib/venue";
import {
  reviews,
  users,
  venueAmenities,
  venueCategories,
  venueFaqs,
  venues,
  venueTrash,
} from "../../database/schema";
import { logoSvg, venueArtSvg } from "../../database/seed/painter";
import { renderArt, type ArtJob } from "./seed-art.server";
import {
  ART_VARIANTS,
  artPoolSizes,
  DEMO_SUBMITTER,
  demoDirectory,
  demoReviewers,
  generateReviews,
  generateVenue,
  venueTypes,
  type ArtPick,
  type DemoVenue,
  type SeedUser,
  type SeedVenue,
} from "../../database/seed/content";
import { createRng } from "../../database/seed/random";

export type SeedOptions = {
  log?: (msg: string) => void;
  /** Where rendered artwork is kept between runs; defaults to node_modules/.cache/vows-seed-art/v1. */
  artCacheDir?: string;
};

export type SeedCounts = {
  venues: number;
  pending: number;
  categories: number;
  amenities: number;
  reviews: number;
  faqs: number;
};

/** Pictures per type for scale seeds: a subset of the demo pool, so both share the art cache. */
const SCALE_VARIANTS = 3;
const BATCH = 1000;
// Taken inside the seeding transaction so two instances starting together seed only once.
const SEED_LOCK = 724_031_117;
const DAY = 86_400_000;

async function countRows(db: Db, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row.n;
}

async function seedCounts(db: Db): Promise<SeedCounts> {
  const [approved, pending, categories, amenities, reviewCount, faqs] = await Promise.all([
    countRows(db, venues, eq(venues.isApproved, true)),
    countRows(db, venues, eq(venues.isApproved, false)),
    countRows(db, venueCategories),
    countRows(db, venueAmenities),
    countRows(db, reviews),
    countRows(db, venueFaqs),
  ]);
  return { venues: approved, pending, categories, amenities, reviews: reviewCount, faqs };
}

/** Venues listed or in the trash: a directory whose venues were all deleted is not a new one. */
async function hasVenues(db: Db): Promise<boolean> {
  if ((await db.select({ id: venues.id }).from(venues).limit(1)).length > 0) return true;
  return (await db.select({ id: venueTrash.venueId }).from(venueTrash).limit(1)).length > 0;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function insertAll(db: Db, table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
  for (const batch of chunks(rows, BATCH)) await db.insert(table).values(batch);
}

const artName = (p: ArtPick) => `${p.type}-${p.variant + 1}`;

/** Renders (or copies from the cache) the first `variants` pictures of every type's pool. */
async function renderPool(
  storage: Storage,
  variants: (type: VenueTypeKey) => number,
  opts: SeedOptions,
): Promise<(p: ArtPick) => string> {
  const picks = venueTypes().flatMap((t) =>
    Array.from({ length: variants(t.key) }, (_, variant) => ({ type: t.key, variant })),
  );
  const jobs: ArtJob[] = picks.map((p) => ({
    prefix: "seed/art",
    name: artName(p),
    svg: venueArtSvg(p.type, p.variant),
  }));
  const started = Date.now();
  const { urls, rendered } = await renderArt(storage, jobs, { cacheDir: opts.artCacheDir });
  opts.log?.(
    `seed: ${jobs.length} venue pictures ready (${rendered} rendered) in ${Date.now() - started} ms`,
  );
  const byName = new Map(picks.map((p, i) => [artName(p), urls[i]]));
  return (p) => byName.get(artName(p))!;
}

/** Categories and amenities the catalog expects, added only where missing. Returns category ids by type. */
async function ensureCatalog(db: Db, art: (p: ArtPick) => string): Promise<Map<VenueTypeKey, string>> {
  const types = venueTypes();
  await db
    .insert(venueCategories)
    .values(
      types.map((t) => ({
        name: t.name,
        description: t.description,
        imageUrl: art({ type: t.key, variant: 0 }),
        isFeatured: t.isFeatured,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(venueAmenities)
    .values(AMENITY_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db.select({ id: venueCategories.id, name: venueCategories.name }).from(venueCategories);
  const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  return new Map(types.map((t) => [t.key, byName.get(t.name.toLowerCase())!]));
}

async function insertUsers(db: Db, list: SeedUser[]): Promise<void> {
  // No `accounts` rows: these people exist only to sign reviews and submissions.
  await db
    .insert(users)
    .values(list.map((u) => ({ ...u, role: "user", emailVerified: true, updatedAt: u.createdAt })))
    .onConflictDoNothing();
}

function venueRow(
  v: SeedVenue,
  extra: {
    categoryId: string;
    images: string[];
    logoUrl: string | null;
    isApproved: boolean;
    isFeatured: boolean;
    approvedAt: Date | null;
    userId: string | null;
  },
) {
  return {
    ...ownDetails(v),
    confirmedAt: v.confirmedDaysAgo === null ? null : new Date(Date.now() - v.confirmedDaysAgo * DAY),
    latitude: v.latitude,
    longitude: v.longitude,
    createdAt: v.createdAt,
    updatedAt: extra.approvedAt ?? v.createdAt,
    ...extra,
  };
}

/** The demo's venue pictures and logos, rendered (or copied from the art cache) into storage. */
async function renderDemoArt(storage: Storage, demo: DemoVenue[], opts: SeedOptions) {
  const pools = artPoolSizes(demo);
  const art = await renderPool(storage, (type) => pools.get(type) ?? ART_VARIANTS, opts);
  const withLogo = demo.filter((v) => v.logo);
  const logos = await renderArt(
    storage,
    withLogo.map((v) => ({
      prefix: "seed/logos",
      name: v.slug,
      svg: logoSvg(v.logo!, `logo:${v.id}`),
      widths: [256],
    })),
    { cacheDir: opts.artCacheDir },
  );
  opts.log?.(`seed: ${withLogo.length} logos ready (${logos.rendered} rendered)`);
  return { art, logoUrl: new Map(withLogo.map((v, i) => [v.id, logos.urls[i]])) };
}

/**
 * Fills the art cache with the demo's pictures, and nothing else. `npm test` does it once before
 * the stages that seed: on a clean clone each of them (the browser tests' server, the seed tests
 * on each engine) would otherwise draw every picture itself, at the same time.
 */
export async function warmArtCache(opts: SeedOptions = {}): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "vv-art-"));
  try {
    await renderDemoArt(createFsStorage(dir), demoDirectory().venues, opts);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Seeds the demo directory when the `venues` table is empty; otherwise changes nothing and
 * reports what is there. Pictures are rendered before the transaction so it stays short.
 */
export async function seedIfEmpty(
  db: Db,
  storage: Storage,
  opts: SeedOptions = {},
): Promise<SeedCounts & { seeded: boolean }> {
  if (await hasVenues(db)) return { seeded: false, ...(await seedCounts(db)) };
  const started = Date.now();
  const { reviewers, venues: demo } = demoDirectory();
  const { art, logoUrl } = await renderDemoArt(storage, demo, opts);

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasVenues(tx)) return false;
    const categoryIds = await ensureCatalog(tx, art);
    await insertUsers(tx, [...reviewers, DEMO_SUBMITTER]);
    await insertAll(
      tx,
      venues,
      demo.map((v) =>
        venueRow(v, {
          categoryId: categoryIds.get(v.type)!,
          images: v.images.map(art),
          logoUrl: logoUrl.get(v.id) ?? null,
          isApproved: v.isApproved,
          isFeatured: v.isFeatured,
          approvedAt: v.approvedAt,
          userId: v.submittedBy,
        }),
      ),
    );
    await insertAll(
      tx,
      venueFaqs,
      demo.flatMap((v) =>
        v.faqs.map((f) => ({ ...f, venueId: v.id, createdAt: v.createdAt, updatedAt: v.createdAt })),
      ),
    );
    // One statement per batch: the rating triggers then recompute each venue once.
    await insertAll(
      tx,
      reviews,
      demo.flatMap((v) => v.reviews.map((r) => ({ ...r, venueId: v.id, updatedAt: r.createdAt }))),
    );
    return true;
  });
  const result = { seeded, ...(await seedCounts(db)) };
  if (seeded) {
    opts.log?.(
      `seed: ${result.venues} venues, ${result.pending} pending, ${result.reviews} reviews, ${result.faqs} FAQs in ${Date.now() - started} ms`,
    );
  }
  return result;
}

/**
 * Inserts `count` approved venues for scale tests, in batches, reusing a small shared art pool.
 * About one venue in five gets a few reviews so ratings and review counts are not all zero.
 */
export async function seedScale(
  db: Db,
  storage: Storage,
  total: number,
  opts: SeedOptions = {},
): Promise<SeedCounts> {
  if (await hasVenues(db)) {
    throw new Error(`seedScale needs an empty venues table; it has ${await countRows(db, venues)} rows`);
  }
  const started = Date.now();
  const art = await renderPool(storage, () => SCALE_VARIANTS, opts);
  const reviewers = demoReviewers();
  await db.transaction(async (tx) => {
    const categoryIds = await ensureCatalog(tx, art);
    await insertUsers(tx, reviewers);
    for (let from = 0; from < total; from += BATCH) {
      const batch: SeedVenue[] = [];
      for (let i = from; i < Math.min(from + BATCH, total); i++)
        batch.push(generateVenue(`scale:${i}`, { variants: SCALE_VARIANTS }));
      await tx.insert(venues).values(
        batch.map((v, k) => {
          const rng = createRng(`scale-extra:${from + k}`);
          return venueRow(v, {
            categoryId: categoryIds.get(v.type)!,
            images: v.images.map(art),
            logoUrl: null,
            isApproved: true,
            isFeatured: (from + k) % 200 === 0,
            approvedAt: new Date(v.createdAt.getTime() + rng.int(1, 6) * DAY),
            userId: null,
          });
        }),
      );
      const batchReviews = batch.flatMap((v, k) =>
        (from + k) % 5 === 0
          ? generateReviews(`scale-reviews:${from + k}`, v, reviewers, 1 + ((from + k) % 4)).map((r) => ({
              ...r,
              venueId: v.id,
              updatedAt: r.createdAt,
            }))
          : [],
      );
      if (batchReviews.length > 0) await tx.insert(reviews).values(batchReviews);
      if ((from / BATCH) % 10 === 9) opts.log?.(`seed: ${from + batch.length} of ${total} venues`);
    }
  });
  // Each review updated its venue's row: a fifth of the venues are dead rows until a vacuum. Done
  // here, as autovacuum would a while later, the first pages use index-only scans (issue 42).
  await db.execute(sql`vacuum analyze venues, reviews`);
  const result = await seedCounts(db);
  opts.log?.(`seed: ${result.venues} venues, ${result.reviews} reviews in ${Date.now() - started} ms`);
  return result;
}
