import { and, asc, eq } from "drizzle-orm";
import { venueFaqs, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { nextDisplayOrder, planMove, type OrderScheme } from "~/lib/faq-order";
import type { AppUser } from "~/lib/user";
import type { Faq } from "~/lib/venue";
import { auditAction } from "./audit.server";
import { assertCanManageVenue } from "./permissions.server";
import { LIMITS, limitWrite } from "./rate-limit.server";

// A venue's FAQs: the public list, and the changes admins (any venue) and venue managers (their
// venues) make, with one ordering scheme (app/lib/faq-order.ts). Each change locks the venue's
// row first, so two changes to one venue's FAQs queue instead of interleaving (two adds getting
// the same display order, a move reading a list another move is rewriting).

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
    .orderBy(asc(venueFaqs.displayOrder), asc(venueFaqs.createdAt), asc(venueFaqs.id));
}

export const FAQ_NOT_FOUND = "FAQ not found";
export const VENUE_NOT_FOUND = "Venue not found";

export type FaqOutcome<T = object> = ({ ok: true } & T) | { ok: false; error: string; status: number };
export type FaqInput = { question: string; answer: string };

/** The venue whose FAQs these are (any status), for the FAQ screens; null when there is none. */
export async function getFaqVenue(
  db: Db,
  actor: AppUser,
  venueId: string,
): Promise<{ id: string; name: string } | null> {
  const [venue] = await db
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(eq(venues.id, venueId));
  if (!venue) return null;
  await assertCanManageVenue(db, actor, venueId);
  return venue;
}

/** Locks the venue's row for the transaction; false when the venue is gone. */
async function lockVenue(tx: Db, venueId: string): Promise<boolean> {
  const [row] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId)).for("update");
  return !!row;
}

const venueGone = { ok: false as const, error: VENUE_NOT_FOUND, status: 404 };
const faqGone = { ok: false as const, error: FAQ_NOT_FOUND, status: 404 };

export async function addFaq(
  db: Db,
  actor: AppUser,
  venueId: string,
  input: FaqInput,
  scheme: OrderScheme,
): Promise<FaqOutcome<{ faq: Faq }>> {
  await assertCanManageVenue(db, actor, venueId);
  const limited = await limitWrite(db, `faq-add:${actor.id}`, LIMITS.faqAddUser);
  if (limited) return limited;
  return db.transaction(async (tx): Promise<FaqOutcome<{ faq: Faq }>> => {
    if (!(await lockVenue(tx, venueId))) return venueGone;
    const orders = await tx
      .select({ displayOrder: venueFaqs.displayOrder })
      .from(venueFaqs)
      .where(eq(venueFaqs.venueId, venueId));
    const displayOrder = nextDisplayOrder(
      orders.map((o) => o.displayOrder),
      scheme,
    );
    const [faq] = await tx
      .insert(venueFaqs)
      .values({ venueId, question: input.question, answer: input.answer, displayOrder })
      .returning({
        id: venueFaqs.id,
        question: venueFaqs.question,
        answer: venueFaqs.answer,
        displayOrder: venueFaqs.displayOrder,
      });
    await auditAction(tx, actor, "faq.create", faq!.id, { venueId, question: input.question });
    return { ok: true, faq: faq! };
  });
}

/** Saves an FAQ's question and answer (its display order is the moves' business). */
export async function updateFaq(
  db: Db,
  actor: AppUser,
  venueId: string,
  faqId: string,
  input: FaqInput,
): Promise<FaqOutcome> {
  await assertCanManageVenue(db, actor, venueId);
  return db.transaction(async (tx): Promise<FaqOutcome> => {
    if (!(await lockVenue(tx, venueId))) return venueGone;
    const updated = await tx
      .update(venueFaqs)
      .set({ question: input.question, answer: input.answer })
      .where(and(eq(venueFaqs.id, faqId), eq(venueFaqs.venueId, venueId)))
      .returning({ id: venueFaqs.id });
    if (updated.length === 0) return faqGone;
    await auditAction(tx, actor, "faq.update", faqId, { venueId, question: input.question });
    return { ok: true };
  });
}

/**
 * Moves an FAQ one place up or down: the display orders of it and its neighbour are swapped and
 * both saved (the whole list renumbered first when values collide). Answers the list as saved.
 */
export async function moveFaq(
  db: Db,
  actor: AppUser,
  venueId: string,
  faqId: string,
  direction: "up" | "down",
  scheme: OrderScheme,
): Promise<FaqOutcome<{ faqs: Faq[] }>> {
  await assertCanManageVenue(db, actor, venueId);
  return db.transaction(async (tx): Promise<FaqOutcome<{ faqs: Faq[] }>> => {
    if (!(await lockVenue(tx, venueId))) return venueGone;
    const list = await listFaqs(tx, venueId);
    if (!list.some((f) => f.id === faqId)) return faqGone;
    const writes = planMove(list, faqId, direction, scheme);
    if (!writes)
      return {
        ok: false,
        error: direction === "up" ? "The first FAQ cannot move up" : "The last FAQ cannot move down",
        status: 409,
      };
    for (const w of writes)
      await tx
        .update(venueFaqs)
        .set({ displayOrder: w.displayOrder })
        .where(and(eq(venueFaqs.id, w.id), eq(venueFaqs.venueId, venueId)));
    await auditAction(tx, actor, "faq.reorder", faqId, {
      venueId,
      question: list.find((f) => f.id === faqId)?.question,
      direction,
      writes,
    });
    return { ok: true, faqs: await listFaqs(tx, venueId) };
  });
}

export async function deleteFaq(db: Db, actor: AppUser, venueId: string, faqId: string): Promise<FaqOutcome> {
  await assertCanManageVenue(db, actor, venueId);
  return db.transaction(async (tx): Promise<FaqOutcome> => {
    if (!(await lockVenue(tx, venueId))) return venueGone;
    const deleted = await tx
      .delete(venueFaqs)
      .where(and(eq(venueFaqs.id, faqId), eq(venueFaqs.venueId, venueId)))
      .returning({ question: venueFaqs.question });
    if (deleted.length === 0) return faqGone;
    await auditAction(tx, actor, "faq.delete", faqId, { venueId, question: deleted[0]!.question });
    return { ok: true };
  });
}
