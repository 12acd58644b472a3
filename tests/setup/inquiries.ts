import { expect } from "vitest";
import { count, eq } from "drizzle-orm";
import { inquiries, venueManagers } from "../../database/schema";
import * as inquiryRoute from "../../app/routes/public/venue-inquiry";
import { coloradoToday } from "../../app/lib/inquiries";
import { inquiryFormPath } from "../../app/lib/venue-url";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { createVenue } from "./factories";
import { withHttpApp, type HttpTestApp } from "./http-app";
import { run, SITE_URL, type TestApp } from "./test-app";

// What the inquiry tests share (inquiries, inquiries-inbox): each file its own app and database.

export type Account = Awaited<ReturnType<TestApp["signUp"]>>;

export const asUser = (a: Account, role: AppUser["role"], name = "Test User") =>
  toAppUser({ id: a.id, name, email: a.email, role });

/** A wedding date a year from Colorado's today. */
export const nextYear = () => {
  const [y, m, d] = coloradoToday().split("-");
  return `${Number(y) + 1}-${m}-${d === "29" && m === "02" ? "28" : d}`;
};
export const yesterday = () => {
  const d = new Date(`${coloradoToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

export const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, "mi").exec(raw.replace(/\r\n[ \t]+/g, " "))?.[1]?.trim();

/** The path of a notification mail's one-click unsubscribe (RFC 8058), checked to be one. */
export function oneClickPath(raw: string, path = "/unsubscribe"): string {
  expect(header(raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const link = /^<(.+)>$/.exec(header(raw, "List-Unsubscribe") ?? "")?.[1] ?? "";
  expect(link).toMatch(new RegExp(`^${SITE_URL}${path}\\?`));
  return link.slice(SITE_URL.length);
}

/** Posts the one-click unsubscribe as a mail program does: from no page, without an Origin. */
export const postOneClick = (http: HttpTestApp, path: string) =>
  fetch(http.origin + path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
    redirect: "manual",
  });

/**
 * The file's app over HTTP (withHttpApp, with `env`'s settings), `ready` adding the file's own
 * users, and the helpers that send inquiries to it and read them back.
 */
export function withInquiryApp(
  ready: (app: { t: TestApp; http: HttpTestApp }) => Promise<void>,
  env?: Record<string, string>,
) {
  let t: TestApp;
  withHttpApp(
    async (app) => {
      t = app.t;
      await ready(app);
    },
    { timeout: 120_000, env },
  );

  /** A stamp of the venue's form handed out `secondsAgo` ago, as the form carries it. */
  const stamp = (venueId: string, secondsAgo = 10) =>
    t.stamps.issue(`inquiry:${venueId}`, Date.now() - secondsAgo * 1000);

  let emails = 0;
  function fields(venueId: string, over: Record<string, string> = {}) {
    emails++;
    return {
      name: "Avery Couple",
      email: `avery-${emails}@couple.example`,
      phone: "(303) 555-0199",
      weddingDate: nextYear(),
      guests: "80",
      message: "Is your garden free that day? We are about 80 guests.",
      formStamp: stamp(venueId),
      website: "",
      ...over,
    };
  }

  /** The inquiry form's action as the dialog's fetcher calls it (data, not a page). */
  async function send(
    venue: { id: string; name: string },
    form: Record<string, string>,
    opts: { cookie?: string; ip?: string } = {},
  ) {
    const path = inquiryFormPath(venue);
    return run(async () =>
      inquiryRoute.action(await t.args(t.request(path, { form, ...opts }), { slugId: path.split("/")[2]! })),
    );
  }

  const inquiriesOf = (venueId: string) =>
    t.db.select().from(inquiries).where(eq(inquiries.venueId, venueId));
  const rowCount = async () => (await t.db.select({ n: count() }).from(inquiries))[0]!.n;
  const mailsTo = (to: string) => t.mail.messages.filter((m) => m.to.includes(to.toLowerCase()));

  async function managedVenue(managers: Account[], input: Parameters<typeof createVenue>[1] = {}) {
    const venue = await createVenue(t.db, input);
    for (const m of managers) await t.db.insert(venueManagers).values({ userId: m.id, venueId: venue.id });
    return venue;
  }

  return { stamp, fields, send, inquiriesOf, rowCount, mailsTo, managedVenue };
}
