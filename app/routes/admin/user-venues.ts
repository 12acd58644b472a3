import type { Route } from "./+types/user-venues";
import { expectUser, getApp } from "~/infra/session.server";
import { adminSearchQuery, isUserIdShaped } from "~/lib/admin";
import { userMessages, venueAssignmentChoices } from "~/services/users.server";

// The venue-assignment picker of the Users screen (JSON): the user's linked venues, and approved
// venues by name matching ?q=, a page at a time. Any failure reads 'Failed to load venue
// assignments' in the picker.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const notFound = () => Response.json({ error: userMessages.notFound }, { status: 404 });
  if (!isUserIdShaped(params.userId)) return notFound();
  const q = adminSearchQuery(new URL(request.url).searchParams);
  const choices = await venueAssignmentChoices(getApp(context).db, expectUser(context), params.userId, { q });
  if (!choices.user) return notFound();
  return Response.json(choices, { headers: { "Cache-Control": "private, no-store" } });
}
