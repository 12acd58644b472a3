import * as z from "zod/mini";
import { email, required } from "./fields";

// A site visit's booking form (issue 45): the couple's name and email, prefilled from the account,
// and the visit chosen among the free ones (its instant; the service checks it is still offered).

export const tourBookingMessages = {
  name: "Please enter your name",
  email: "Please enter a valid email address",
  slot: "Choose a time for your visit",
} as const;

export const tourBookingSchema = z.object({
  name: required(tourBookingMessages.name),
  email: email(tourBookingMessages.email),
  slot: required(tourBookingMessages.slot),
});
export type TourBookingInput = z.infer<typeof tourBookingSchema>;
