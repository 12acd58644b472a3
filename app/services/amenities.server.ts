import { eq, sql } from "drizzle-orm";
import { venueAmenities } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { queryRows } from "~/infra/db.server";
import { amenityMessages } from "~/lib/admin";
import type { AppUser } from "~/lib/user";
import { auditAction } from "./audit.server";
import { assertAdmin } from "./permissions.server";

// Amenities (spec, admin area: 'Admin amenities'; issue 12, item 8). Names are trimmed, at most
// 60 characters (the form's schema), and unique whatever their case (a unique index on
// lower(name)). Venues keep their amenities as a jsonb list of { name, included }, so renaming an
// amenity renames it in every venue's list, and deleting one removes it from every list, in the
// same transaction as the amenity row and the audit entry.

export { amenityMessages };

export type AdminAmenity = { id: string; name: string; venueCount: number };
export type AmenityOutcome =
  | { ok: true; message: string; venues: number; unchanged?: true }
  | { ok: false; error: string; status: number; field?: string };

/** Amenities by name, each with the number of venues whose list has it. */
export async function listAmenitiesForAdmin(db: Db, actor: AppUser): Promise<AdminAmenity[]> {
  assertAdmin(actor);
  const rows = await queryRows<{ id: string; name: string; venue_count: number | string }>(
    db,
    sql`select a.id, a.name, coalesce(u.n, 0)::int as venue_count
        from venue_amenities a
        left join (
          select lower(e->>'name') as key, count(distinct v.id) as n
          from venues v, jsonb_array_elements(v.amenities) e
          group by 1
        ) u on u.key = lower(a.name)
        order by lower(a.name), a.id`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, venueCount: Number(r.venue_count) }));
}

const duplicate: AmenityOutcome = { ok: false, error: amenityMessages.duplicate, status: 409, field: "name" };

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === "23505" ||
  (err as { cause?: { code?: string } })?.cause?.code === "23505";

async function nameTaken(db: Db, name: string, except?: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from venue_amenities where lower(name) = lower(${name})
        ${except ? sql`and id <> ${except}` : sql``} limit 1`,
  );
  return rows.length > 0;
}

/** A write that may meet a concurrent one with the same name: the unique index has the last word. */
async function unique<T>(fn: () => Promise<T>): Promise<T | typeof duplicate> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) return duplicate;
    throw err;
  }
}

export async function createAmenity(db: Db, actor: AppUser, name: string): Promise<AmenityOutcome> {
  assertAdmin(actor);
  if (await nameTaken(db, name)) return duplicate;
  return unique(() =>
    db.transaction(async (tx): Promise<AmenityOutcome> => {
      const [row] = await tx.insert(venueAmenities).values({ name }).returning({ id: venueAmenities.id });
      await auditAction(tx, actor, "amenity.create", row!.id, { name });
      return { ok: true, message: amenityMessages.added(name), venues: 0 };
    }),
  );
}

/**
 * Renames an amenity and the same amenity (any case) in every venue's list; a venue whose list
 * already had the new name keeps one entry (the first). Its own name again changes nothing and
 * says so: no write, no audit entry (issue 22).
 */
export async function renameAmenity(
  db: Db,
  actor: AppUser,
  id: string,
  name: string,
): Promise<AmenityOutcome> {
  assertAdmin(actor);
  const [before] = await db
    .select({ name: venueAmenities.name })
    .from(venueAmenities)
    .where(eq(venueAmenities.id, id));
  if (before?.name === name)
    return { ok: true, message: amenityMessages.unchanged(name), venues: 0, unchanged: true };
  if (await nameTaken(db, name, id)) return duplicate;
  return unique(() =>
    db.transaction(async (tx): Promise<AmenityOutcome> => {
      const [current] = await tx.select().from(venueAmenities).where(eq(venueAmenities.id, id)).for("update");
      if (!current) return { ok: false, error: amenityMessages.notFound, status: 404 };
      await tx.update(venueAmenities).set({ name }).where(eq(venueAmenities.id, id));
      const changed = await queryRows<{ id: string }>(
        tx,
        sql`update venues v set updated_at = now(), amenities = coalesce((
              select jsonb_agg(k.e order by k.ord) from (
                select distinct on (coalesce(lower(r.e->>'name'), '#' || r.ord)) r.e, r.ord from (
                  select case when lower(a.e->>'name') = lower(${current.name})
                              then jsonb_set(a.e, '{name}', to_jsonb(${name}::text)) else a.e end as e,
                         a.ord
                  from jsonb_array_elements(v.amenities) with ordinality as a(e, ord)
                ) r
                order by coalesce(lower(r.e->>'name'), '#' || r.ord), r.ord
              ) k), '[]'::jsonb)
            where exists (select 1 from jsonb_array_elements(v.amenities) x(e)
                          where lower(x.e->>'name') = lower(${current.name}))
            returning v.id`,
      );
      await auditAction(tx, actor, "amenity.update", id, {
        from: current.name,
        to: name,
        venues: changed.length,
      });
      return { ok: true, message: amenityMessages.updated(name), venues: changed.length };
    }),
  );
}

/** Deletes an amenity and takes it off every venue's list. */
export async function deleteAmenity(db: Db, actor: AppUser, id: string): Promise<AmenityOutcome> {
  assertAdmin(actor);
  return db.transaction(async (tx): Promise<AmenityOutcome> => {
    const [current] = await tx.select().from(venueAmenities).where(eq(venueAmenities.id, id)).for("update");
    if (!current) return { ok: false, error: amenityMessages.notFound, status: 404 };
    await tx.delete(venueAmenities).where(eq(venueAmenities.id, id));
    const changed = await queryRows<{ id: string }>(
      tx,
      sql`update venues v set updated_at = now(), amenities = coalesce((
            select jsonb_agg(a.e order by a.ord)
            from jsonb_array_elements(v.amenities) with ordinality as a(e, ord)
            where lower(a.e->>'name') is distinct from lower(${current.name})
          ), '[]'::jsonb)
          where exists (select 1 from jsonb_array_elements(v.amenities) x(e)
                        where lower(x.e->>'name') = lower(${current.name}))
          returning v.id`,
    );
    await auditAction(tx, actor, "amenity.delete", id, { name: current.name, venues: changed.length });
    return { ok: true, message: amenityMessages.deleted(current.name), venues: changed.length };
  });
}
