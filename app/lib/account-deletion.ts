import * as z from "zod/mini";
import { FORMER_GUEST, REVIEW_CHOICES, type ReviewChoice } from "./privacy";
import { RETENTION_DAYS } from "./retention";
import { checkbox, MAX, text } from "./validation/fields";

// Deleting one's own account (issue 46, ADR 050): the page's form, its words, and the name a
// kept review of a deleted account is shown under. Shared by the page and the service.

export const DELETE_ACCOUNT_PATH = "/account/delete";
export const deleteConfirmPath = (token: string) => `${DELETE_ACCOUNT_PATH}/confirm/${token}`;

/** How long a couple's contact details stay on their inquiries, in months (24). */
export const CONTACT_KEPT_MONTHS = Math.round((RETENTION_DAYS.inquiryContact * 12) / 365);

/** How long a mailed confirmation link works. */
export const DELETE_LINK_MINUTES = 60;

export const deletionMessages = {
  chooseReviews: "Please choose what happens to your reviews",
  password: "Please enter your password",
  wrongPassword: "That password is not right. Nothing was deleted.",
  lastAdmin:
    "You are the directory's only administrator, so your account cannot be deleted. Make someone else an administrator first. Nothing was deleted.",
  linkSent: "We emailed you a link to confirm. It works for one hour.",
  noPassword: "Your account has no password: ask for a link by email on the Delete my account page.",
  mailFailed: "The email could not be sent. Nothing was deleted. Please try again in a moment.",
  linkInvalid: "This link has expired or was already used. Ask for a new one on the Delete my account page.",
  deleted: "Your account was deleted.",
  noAuthor: "This review's author deleted their account: there is nobody to ask.",
} as const;

export const deleteAccountSchema = z.object({
  reviews: z.enum(REVIEW_CHOICES, deletionMessages.chooseReviews),
  eraseContact: checkbox(),
  password: text(MAX.password),
});
export type DeletionChoices = { reviews: ReviewChoice; eraseContact: boolean };

/** The name shown for a review's author: a kept review of a deleted account has no account. */
export const reviewAuthorName = (userId: string | null, name: string | null | undefined) =>
  userId === null ? FORMER_GUEST : name?.trim() || "Anonymous";

/** What deleting the account would do, shown on the page before the person confirms. */
export type DeletionSummary = {
  hasPassword: boolean;
  reviews: number;
  inquiries: number;
  comingVisits: number;
  pendingVenues: string[];
  approvedVenues: number;
  /** Venues this person is the only manager of: they go back to the admins. */
  lastManagerOf: string[];
  /** The only administrator cannot delete themself. */
  lastAdmin: boolean;
};
