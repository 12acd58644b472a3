import { asc, eq } from "drizzle-orm";
import { venueFaqs } from "../../database/schema";
import type { Db } from "~/infra/db.server";

export type Faq = { id: string; question: string; answer: string; displayOrder: number };

export function listFaqs(db: Db, venueId: string): Promise<Faq[]> {
  return db
    .select({
      id: venueFaqs.id,
      question: venueFaqs.question,
      answer: venueFaqs.answer,
      displayOrder: venueFaqs.displayOrder,
    })
    .from(venueFaqs)
    .where(eq(venueFaqs.venueId, venueId))
    .orderBy(asc(venueFaqs.displayOrder), asc(venueFaqs.createdAt));
}
