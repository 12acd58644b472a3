import crypto from "node:crypto";
import { venueCategories, venueFaqs, venues } from "../../database/schema";
import type { Db } from "../../app/infra/db.server";

type VenueInput = Partial<typeof venues.$inferInsert>;

export async function createCategory(db: Db, input: Partial<typeof venueCategories.$inferInsert> = {}) {
  const [row] = await db
    .insert(venueCategories)
    .values({ name: `Type ${crypto.randomBytes(3).toString("hex")}`, description: "A venue type", ...input })
    .returning();
  return row!;
}

export async function createVenue(db: Db, input: VenueInput = {}) {
  const [row] = await db
    .insert(venues)
    .values({
      name: `Venue ${crypto.randomBytes(3).toString("hex")}`,
      description: "A lovely place for a wedding with mountain views in every direction.",
      location: "1 Main St, Boulder, Colorado 80302",
      city: "Boulder",
      postalCode: "80302",
      region: "Front Range North",
      capacity: 120,
      pricePerEvent: 4000,
      amenities: [
        { name: "WiFi", included: true },
        { name: "Parking", included: false },
      ],
      images: [],
      phone: "(303) 555-0101",
      email: "events@venue.example",
      website: "www.venue.example",
      latitude: 40.015,
      longitude: -105.27,
      isApproved: true,
      ...input,
    })
    .returning();
  return row!;
}

export async function createFaq(db: Db, venueId: string, question: string, displayOrder: number) {
  await db.insert(venueFaqs).values({ venueId, question, answer: `Answer to ${question}`, displayOrder });
}

/** The fields of a valid venue submission (the tests of uploads, crashes and kills share it). */
export const submissionFields = (categoryId: string) => ({
  name: "Meadow Barn",
  description: "A restored barn in a high meadow.",
  addressLine1: "12 Ridge Rd",
  city: "Boulder",
  postalCode: "80302",
  region: "Front Range North",
  category: categoryId,
  priceType: "single",
  price: "4500",
  capacity: "150",
  website: "www.meadow.example",
});

/** A multipart body of text fields and PNG files, as a browser's form sends it. */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; bytes: Buffer; name: string }[] = [],
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files)
    body.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: "image/png" }), f.name);
  return body;
}
