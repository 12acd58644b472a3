// What the privacy page says about mail (issue 46): every kind of mail the site sends, when, and
// whether it can be turned off (the kinds of `EMAIL_KINDS`, ADR 043). A new mail adds its line.

export type MailNotice = { what: string; when: string; canTurnOff: boolean };

export const MAIL_NOTICES: MailNotice[] = [
  {
    what: "Account mails",
    when: "confirming your email address, resetting your password, confirming a new email address, a warning after many failed sign-ins, confirming you want your account deleted, and a link to a download of your data",
    canTurnOff: false,
  },
  { what: "Your inquiry", when: "a copy when you send a venue an inquiry", canTurnOff: false },
  { what: "A venue's answer", when: "when a venue answers your inquiry", canTurnOff: true },
  {
    what: "Site visits",
    when: "a calendar invitation when you book, move or cancel a visit to a venue (and to the venue's managers)",
    canTurnOff: false,
  },
  {
    what: "An invitation to review",
    when: "once, the day after your wedding, when a venue marked your inquiry as booked",
    canTurnOff: true,
  },
  {
    what: "A request for proof",
    when: "when someone reported your review and a moderator asks you to show your booking",
    canTurnOff: false,
  },
  {
    what: "Saved searches",
    when: "confirming a saved search, then news of venues that match it, as often as you chose",
    canTurnOff: true,
  },
  {
    what: "Claims of a listing",
    when: "a link to confirm that you manage a venue, and the decision on your claim",
    canTurnOff: false,
  },
  {
    what: "Your venue submission",
    when: "a receipt when you submit a venue",
    canTurnOff: false,
  },
  {
    what: "The decision on your submission",
    when: "when an administrator approves or declines it",
    canTurnOff: true,
  },
  {
    what: "For venue managers",
    when: "a new inquiry, a couple's answer, a reminder when an inquiry waits 24 and 48 hours, a new review, the venues you were given to manage",
    canTurnOff: true,
  },
  {
    what: "For administrators",
    when: "a venue awaiting approval",
    canTurnOff: false,
  },
];
