import { isUuid } from "~/lib/uuid";
import { and, eq, isNull } from "drizzle-orm";
import { inquiries, users, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { sendEach } from "~/infra/mail.server";
import type { Db } from "~/infra/db.server";
import {
  coloradoToday,
  inquiryPath,
  inquiryRefusals,
  inquirySentMessage,
  type OwnInquiry,
} from "~/lib/inquiries";
import { normalizeEmail } from "~/lib/rate-limit";
import type { AppUser } from "~/lib/user";
import { validate, type FieldErrors } from "~/lib/validation/form";
import { inquirySchema } from "~/lib/validation/inquiry";
import { venuePath } from "~/lib/venue-url";
import { inquiryCopyEmail, inquiryReceivedEmail } from "./emails.server";
import { STAMP_MAX_AGE_MS, useFormStamp } from "./form-stamps.server";
import { ownInquiriesQuery, ownView } from "./inquiries.server";
import { scheduleReminder } from "./inquiry-reminders.server";
import { inquiryMailsToVenue } from "./notifications.server";
import { clientAddress, LIMITS, limitWrites } from "./rate-limit.server";
import { recordInquiryStat } from "./venue-stats.server";
import type { InquiryForm } from "~/lib/inquiries";

// The form the dialog and the page show is declared in lib, where the components read it.
export type { InquiryForm };

// A couple's side of inquiries (issue 23, ADR 028): a venue's 'Check availability' form, sending
// it, and the couple's own inquiries. Sending is open to everyone and guarded against scripts
// without a captcha: a honeypot field, a signed time the form was handed out (a minimum fill
// time, each accepted once), and limits per client address, mailbox, account and venue (issue
// 39: no relay for spam). A venue's managers answer from their inbox (./inquiries.server.ts).

type Deps = Pick<AppContext, "db" | "mailer" | "logger" | "config" | "stamps" | "jobs">;

/** The honeypot: a field people never see or fill, which form-filling scripts do. */
export const HONEYPOT_FIELD = "website";
/** The signed time the form was handed out (infra/form-stamp.server.ts). */
export const STAMP_FIELD = "formStamp";
/** How long the link in a guest's copy can attach the inquiry to their account. */
const CLAIM_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const formPurpose = (venueId: string) => `inquiry:${venueId}`;
const claimPurpose = (inquiryId: string) => `inquiry-claim:${inquiryId}`;

type FormVenue = { id: string; name: string; capacity: number | null; email: string | null };

/** An approved venue: the only ones a couple can ask. */
async function askableVenue(db: Db, venueId: string): Promise<FormVenue | null> {
  if (!isUuid(venueId)) return null;
  const [row] = await db
    .select({ id: venues.id, name: venues.name, capacity: venues.capacity, email: venues.email })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.isApproved, true)))
    .limit(1);
  return row ?? null;
}

/** The inquiry form of a venue, fresh: never cached, as it carries its own time and the user's name. */
export async function inquiryFormFor(
  app: Pick<Deps, "db" | "stamps">,
  venueId: string,
  user: AppUser | null,
): Promise<InquiryForm | null> {
  const venue = await askableVenue(app.db, venueId);
  if (!venue) return null;
  return {
    venue: { id: venue.id, name: venue.name, capacity: venue.capacity, path: venuePath(venue) },
    stamp: app.stamps.issue(formPurpose(venue.id)),
    prefill: user ? { name: user.name, email: user.email } : null,
    today: coloradoToday(),
  };
}

export type SendResult =
  | { ok: true; message: string; venue: { name: string; path: string } }
  | { ok: false; status: number; errors: FieldErrors; stamp?: string };

/**
 * Stores an inquiry with status new and mails it: to each manager of the venue who keeps these
 * emails on (or to the venue's own address when it has no manager), Reply-To the couple, and a
 * copy to the couple; its first reminder to the venue waits on the job queue (issue 44). A
 * refusal (invalid fields, the honeypot, too fast, a stamp used already, over a limit) writes
 * nothing and says why; the person's values stay with the route, and a refusal of the stamp
 * comes with a fresh one, so the same form can be sent again.
 */
export async function sendInquiry(
  app: Deps,
  input: { venueId: string; user: AppUser | null; values: Record<string, string>; request: Request },
): Promise<SendResult> {
  const { db } = app;
  const venue = await askableVenue(db, input.venueId);
  const refuse = (status: number, form: string, stamp?: string): SendResult => ({
    ok: false,
    status,
    errors: { form },
    stamp,
  });
  if (!venue) return refuse(404, inquiryRefusals.venueNotFound);
  const parsed = validate(inquirySchema(venue.capacity), input.values);
  if (!parsed.ok) return { ok: false, status: 400, errors: parsed.errors };
  if ((input.values[HONEYPOT_FIELD] ?? "") !== "") return refuse(400, inquiryRefusals.automated);
  const freshStamp = () => app.stamps.issue(formPurpose(venue.id));
  const stamp = app.stamps.read(formPurpose(venue.id), input.values[STAMP_FIELD] ?? "");
  if (stamp === null || stamp.age > STAMP_MAX_AGE_MS)
    return refuse(400, inquiryRefusals.expired, freshStamp());
  if (stamp.age < app.config.inquiryMinSeconds * 1000) return refuse(400, inquiryRefusals.tooFast);
  const data = parsed.data;
  const user = input.user;
  const limited = await limitWrites(db, [
    [`inquiry-ip:${clientAddress(input.request)}`, LIMITS.inquiryIp],
    [`inquiry-email:${normalizeEmail(data.email)}`, LIMITS.inquiryEmail],
    ...(user
      ? ([
          [`inquiry-user:${user.id}`, LIMITS.inquiryUserHour],
          [`inquiry-user-day:${user.id}`, LIMITS.inquiryUserDay],
        ] as const)
      : []),
    // Last, so that what the other limits refuse does not use up the venue's hour.
    [`inquiry-venue:${venue.id}`, LIMITS.inquiryVenue],
  ]);
  if (limited) return refuse(429, limited.error);

  const inquiry = await db.transaction(async (tx) => {
    // In the inquiry's transaction: of two sends racing with one stamp, one gets it.
    if (!(await useFormStamp(tx, stamp))) return null;
    const [row] = await tx
      .insert(inquiries)
      .values({
        venueId: venue.id,
        userId: user?.id ?? null,
        name: data.name,
        email: data.email,
        phone: data.phone || null,
        weddingDate: data.weddingDate || null,
        dateFlexible: data.dateFlexible,
        guestCount: data.guests,
        message: data.message,
      })
      .returning({ id: inquiries.id, createdAt: inquiries.createdAt });
    await recordInquiryStat(tx, venue.id);
    return row!;
  });
  if (!inquiry) return refuse(400, inquiryRefusals.reused, freshStamp());
  // A warning: the inquiry is sent all the same, only its reminders are missing.
  await scheduleReminder(app, inquiry, 1).catch((err: unknown) =>
    app.logger.warn("inquiry reminder not scheduled", { error: String(err) }),
  );
  await mailInquiry(app, venue, { id: inquiry.id, ...data }, user).catch((err: unknown) =>
    app.logger.error("inquiry mails failed", { error: String(err) }),
  );
  return {
    ok: true,
    message: inquirySentMessage(venue.name),
    venue: { name: venue.name, path: venuePath(venue) },
  };
}

/** Whether `email` is the signed-in account's own address, and verified: the copy may repeat the text. */
async function isOwnVerifiedAddress(db: Db, user: AppUser | null, email: string): Promise<boolean> {
  if (!user) return false;
  const [account] = await db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  return !!account?.verified && account.email.toLowerCase() === email.trim().toLowerCase();
}

async function mailInquiry(
  app: Deps,
  venue: FormVenue,
  inquiry: { id: string; name: string; email: string; phone: string } & {
    weddingDate: string;
    dateFlexible: boolean;
    guests: number;
    message: string;
  },
  sender: AppUser | null,
) {
  const { siteName, siteUrl } = app.config;
  const venueUrl = `${siteUrl}${venuePath(venue)}`;
  const facts = { ...inquiry, phone: inquiry.phone || null, weddingDate: inquiry.weddingDate || null };
  // A manager opens it in their inbox; a venue with none is shown its page.
  const toVenue = await inquiryMailsToVenue(app, venue, (to, optOut) =>
    inquiryReceivedEmail(
      siteName,
      to,
      venue,
      facts,
      optOut
        ? { label: "Open it in your inbox", url: `${siteUrl}${inquiryPath(inquiry.id)}` }
        : { label: `See your venue on ${siteName}`, url: venueUrl },
      optOut,
    ),
  );
  // A guest's copy carries a link that adds the inquiry to their account (once they sign in).
  const follow = sender
    ? `${siteUrl}/account/inquiries`
    : `${siteUrl}/account/inquiries?claim=${encodeURIComponent(`${inquiry.id}.${app.stamps.issue(claimPurpose(inquiry.id))}`)}`;
  // What was typed goes back only to the account's own verified address: anyone can type any.
  const copy = inquiryCopyEmail(
    siteName,
    inquiry.email,
    venue,
    (await isOwnVerifiedAddress(app.db, sender, inquiry.email)) ? facts : null,
    venueUrl,
    follow,
  );
  const mails = [...toVenue, copy];
  await sendEach(app, mails, "inquiry mail failed");
}

// ---------------------------------------------------------------------------------------------
// A couple's own inquiries (Account, 'My Inquiries')
// ---------------------------------------------------------------------------------------------

export async function listOwnInquiries(db: Db, userId: string): Promise<OwnInquiry[]> {
  return (await ownInquiriesQuery(db, userId)).map(ownView);
}

export type ClaimCheck =
  | { ok: true; venueName: string; /** Already followed from this account. */ yours: boolean }
  | { ok: false; error: string };

/** The inquiry a claim link names, when the link is ours and younger than 30 days. */
function claimedInquiryId(app: Pick<Deps, "stamps">, token: string): string | null {
  const dot = token.indexOf(".");
  const id = token.slice(0, dot);
  const age = dot > 0 && isUuid(id) ? app.stamps.age(claimPurpose(id), token.slice(dot + 1)) : null;
  return age === null || age > CLAIM_MAX_AGE_MS ? null : id;
}

async function claimState(db: Db, user: AppUser, id: string | null): Promise<ClaimCheck> {
  const [row] = id
    ? await db
        .select({ userId: inquiries.userId, venueName: venues.name })
        .from(inquiries)
        .innerJoin(venues, eq(venues.id, inquiries.venueId))
        .where(eq(inquiries.id, id))
        .limit(1)
    : [];
  if (!row) return { ok: false, error: inquiryRefusals.claimInvalid };
  if (row.userId !== null && row.userId !== user.id) return { ok: false, error: inquiryRefusals.claimTaken };
  return { ok: true, venueName: row.venueName, yours: row.userId === user.id };
}

/**
 * What the link in a guest's copy (`?claim=`) would do for this account, changing nothing: a
 * mail scanner or another signed-in person may open it (issue 39). The page asks, and only its
 * POST claims (`claimInquiry`).
 */
export async function checkClaim(
  app: Pick<Deps, "db" | "stamps">,
  user: AppUser,
  token: string,
): Promise<ClaimCheck> {
  return claimState(app.db, user, claimedInquiryId(app, token));
}

/**
 * The link in a guest's copy, posted: adds that inquiry to the signed-in account; having the
 * email proves it is theirs. An inquiry already followed from another account stays there.
 */
export async function claimInquiry(
  app: Pick<Deps, "db" | "stamps">,
  user: AppUser,
  token: string,
): Promise<ClaimCheck> {
  const id = claimedInquiryId(app, token);
  if (id)
    await app.db
      .update(inquiries)
      .set({ userId: user.id })
      .where(and(eq(inquiries.id, id), isNull(inquiries.userId)));
  return claimState(app.db, user, id);
}
