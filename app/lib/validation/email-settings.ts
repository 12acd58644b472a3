import * as z from "zod/mini";
import { checkbox } from "./fields";

/**
 * /account/emails: a checkbox per kind of email (ADR 043); a kind the page does not show is
 * ignored. Apart from the sign-in forms' schemas, which every page's header loads.
 */
export const emailSettingsSchema = z.object({
  reply: checkbox(),
  decision: checkbox(),
  alert: checkbox(),
  invite: checkbox(),
  inquiry: checkbox(),
  review: checkbox(),
  reminder: checkbox(),
});
