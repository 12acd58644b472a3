import * as z from "zod/mini";
import { ALERT_FREQUENCIES, SAVED_SEARCH_NAME_MAX } from "../saved-searches";
import { email, required, text } from "./fields";

const name = required(
  "Please give the search a name",
  SAVED_SEARCH_NAME_MAX,
  `Please keep the name under ${SAVED_SEARCH_NAME_MAX} characters`,
);
const frequency = z.enum(ALERT_FREQUENCIES, "Please choose how often to hear about it");

/** Renaming a saved search or changing how often it mails. */
export const savedSearchSchema = z.object({ name, frequency });

/** Saving a search: its query comes with it. */
export const saveSearchSchema = z.object({
  name,
  frequency,
  query: text(2000, "This search is too long to save"),
});

/** A guest saves by email, confirmed by a link mailed to it. */
export const guestSaveSearchSchema = z.extend(saveSearchSchema, {
  email: email("Please enter a valid email address"),
});
