import type { MailMessage } from "~/infra/mail.server";
import { layout, optOutHeaders, optOutText, type OptOut } from "./emails.server";

// The saved searches' mails (issue 44, ADR 044): a guest's confirmation and the alerts.

/** A guest's saved search waits for this link before it mails anything (double opt-in). */
export function confirmSearchEmail(
  siteName: string,
  to: string,
  search: { name: string },
  url: string,
): MailMessage {
  const intro = `Please confirm that you want emails about your saved search "${search.name}" on ${siteName}.`;
  const outro = "Until you confirm, nothing is sent. If you did not save this search, ignore this email.";
  return {
    to,
    subject: `Confirm your saved search on ${siteName}`,
    text: `${intro}\n\nConfirm: ${url}\n\n${outro}\n`,
    html: layout(siteName, intro, "Confirm my alerts", url, outro),
  };
}

/** News of a saved search: at most ALERT_VENUES_MAX venues by name, and the whole search's link. */
export function searchAlertEmail(
  siteName: string,
  to: string,
  search: { name: string; url: string },
  news: { name: string; place: string; url: string }[],
  more: number,
  optOut: OptOut,
): MailMessage {
  const count = news.length + more;
  const intro = `${count === 1 ? "A venue" : `${count} venues`} new for your saved search "${search.name}".`;
  const action = more > 0 ? `See all ${count}` : "Open the search";
  const outro = optOutText(optOut);
  const lines = news.map((v) => `${v.name}, ${v.place}: ${v.url}`);
  return {
    to,
    subject: `New for your search ${search.name}: ${count === 1 ? news[0]!.name : `${count} venues`}`,
    text: `${intro}\n\n${lines.join("\n")}\n\n${action}: ${search.url}\n\n${outro}\n`,
    html: layout(
      siteName,
      intro,
      action,
      search.url,
      outro,
      news.map((v) => ({ text: `${v.place}:`, link: { label: v.name, url: v.url } })),
    ),
    ...optOutHeaders(optOut),
  };
}
