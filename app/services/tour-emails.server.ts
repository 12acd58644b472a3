import type { AppContext } from "~/infra/context.server";
import { sendEach, type MailMessage } from "~/infra/mail.server";
import { addressOf, inviteIcs } from "~/lib/ics-invite";
import { visitLabel } from "~/lib/tours";
import { venuePath } from "~/lib/venue-url";
import { layout, optOutHeaders, optOutText, type OptOut } from "./emails.server";
import { inquiryMailsToVenue } from "./notifications.server";
import { tourLink, type TourRow } from "./tours.server";

// A site visit's mails (issue 45, ADR 046), each with the calendar invitation: booked, moved
// (METHOD:REQUEST, the same UID, SEQUENCE one higher) and cancelled (METHOD:CANCEL). The couple's
// mail confirms what they just did (or tells them the venue cancelled): no opt-out, as for an
// inquiry's copy. The managers' is of kind 'inquiry' (ADR 043): it comes with its footer and its
// one-click stop, and not at all to a manager who turned inquiry emails off; a venue without a
// manager gets it at its own address.

export type TourChange = "booked" | "moved" | "cancelled";

type Venue = { id: string; name: string; location: string; email: string | null };
type Facts = { venue: Venue; tour: TourRow; siteName: string; when: string };

const SUBJECT: Record<TourChange, (f: Facts) => string> = {
  booked: (f) => `Site visit booked: ${f.venue.name}, ${f.when}`,
  moved: (f) => `Site visit moved: ${f.venue.name}, ${f.when}`,
  cancelled: (f) => `Site visit cancelled: ${f.venue.name}, ${f.when}`,
};

const facts = (f: Facts): [string, string][] => [
  ["Venue", f.venue.name],
  ["When", f.when],
  ["Where", f.venue.location || "Ask the venue"],
  ["Visitor", `${f.tour.name} <${f.tour.email}>`],
];
const factsText = (f: Facts) =>
  facts(f)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");

/** To the couple: their visit, the calendar invitation, and the link that moves or cancels it. */
export function tourCoupleEmail(f: Facts, change: TourChange, url: string, byVenue = false): MailMessage {
  const intro =
    change === "booked"
      ? `Your site visit at ${f.venue.name} is booked. The invitation is attached for your calendar.`
      : change === "moved"
        ? `Your site visit at ${f.venue.name} was moved. Your calendar's event is updated with this email.`
        : `Your site visit at ${f.venue.name} was cancelled${byVenue ? " by the venue" : ""}.`;
  const outro = `${change === "cancelled" ? "To book another time, open the venue's page on" : "To move or cancel it, open the link above; no sign-in is needed. Sent by"} ${f.siteName}.`;
  return {
    to: f.tour.email,
    replyTo: f.venue.email ?? undefined,
    subject: SUBJECT[change](f),
    text: `${intro}\n\n${factsText(f)}\n\nYour visit: ${url}\n\n${outro}\n`,
    html: layout(f.siteName, intro, "Your visit", url, outro, [{ facts: facts(f) }]),
  };
}

/** To a manager of the venue (or the venue's own address): who comes when, and their address. */
export function tourVenueEmail(
  f: Facts,
  change: TourChange,
  to: string,
  url: string,
  optOut: OptOut | null,
): MailMessage {
  const intro = `${f.tour.name} ${change === "booked" ? "booked" : change === "moved" ? "moved" : "cancelled"} a site visit at ${f.venue.name} on ${f.siteName}.`;
  const write = f.tour.email
    ? `Reply to this email to write to ${f.tour.name}.`
    : "Their contact details were erased.";
  const outro = `${write}${optOut ? optOutText(optOut) : ""}`;
  return {
    to,
    ...(f.tour.email ? { replyTo: f.tour.email } : {}),
    subject: SUBJECT[change](f),
    text: `${intro}\n\n${factsText(f)}\n\nYour visits: ${url}\n\n${outro}\n`,
    html: layout(f.siteName, intro, "Your visits", url, outro, [{ facts: facts(f) }]),
    ...optOutHeaders(optOut),
  };
}

/**
 * Mails a visit's change to the couple and to the venue, each with the invitation (the same UID,
 * the row's SEQUENCE). A mail that fails is logged: the visit stands.
 */
export async function mailTourChange(
  app: Pick<AppContext, "db" | "stamps" | "config" | "mailer" | "logger">,
  venue: Venue,
  tour: TourRow,
  change: TourChange,
  byVenue = false,
): Promise<void> {
  const { siteName, siteUrl, mailFrom } = app.config;
  const url = tourLink(app, tour.id);
  const method = change === "cancelled" ? ("CANCEL" as const) : ("REQUEST" as const);
  const content = inviteIcs({
    method,
    id: tour.id,
    host: new URL(siteUrl).host,
    sequence: tour.sequence,
    startsAt: tour.startsAt,
    venue: { name: venue.name, address: venue.location },
    organizerEmail: addressOf(mailFrom),
    attendee: { name: tour.name, email: tour.email },
    url,
  });
  const icalEvent = { method, content, filename: "invite.ics" };
  const f: Facts = { venue, tour, siteName, when: visitLabel(tour.startsAt) };
  const managerUrl = `${siteUrl}/venue-manager/edit-venue/${venue.id}/tours`;
  // An erased contact (issue 46) has no address to mail, nor to reply to.
  const erased = tour.contactErasedAt !== null;
  const mails = [
    ...(erased ? [] : [tourCoupleEmail(f, change, url, byVenue)]),
    ...(await inquiryMailsToVenue(app, venue, (to, optOut) =>
      tourVenueEmail(f, change, to, optOut ? managerUrl : `${siteUrl}${venuePath(venue)}`, optOut),
    )),
  ];
  await sendEach(
    app,
    mails.map((m) => ({ ...m, icalEvent })),
    "site visit mail failed",
  );
}
