import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/saved-search-link";
import { FormError } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { formAction } from "~/infra/action.server";
import { getApp } from "~/infra/session.server";
import { keepWork } from "~/lib/failed-request";
import { pageMeta } from "~/lib/seo";
import { actOnLink, searchFromLink } from "~/services/saved-searches.server";

// A saved search's links (issue 44): a guest's confirmation, and every alert's one-click "stop"
// (its List-Unsubscribe, RFC 8058). Opening one changes nothing (a mail scanner may open it); its
// POST, from the page's plain form or straight from the mail program, does. The signed link is the
// credential: no sign-in, and the origin check lets the mail program's POST through.

export const meta: Route.MetaFunction = pageMeta({ title: "Saved search", noindex: true });

const ACTS = {
  confirm: {
    ask: "Start the emails about",
    button: "Confirm my alerts",
    done: "Your alerts have started for",
  },
  off: { ask: "Stop the emails about", button: "Stop these emails", done: "No more emails about" },
} as const;
const INVALID = "This link is not valid any more.";

const actOf = (params: { act?: string }) =>
  params.act === "confirm" || params.act === "off" ? params.act : null;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const act = actOf(params);
  if (!act) throw data(null, { status: 404 });
  const search = await searchFromLink(getApp(context), new URL(request.url).searchParams, act);
  return data({ act, name: search?.name ?? null }, { status: search ? 200 : 400 });
}

export const action = formAction({
  run: async ({ app, request, params }) => {
    const act = actOf(params);
    const search = act ? await searchFromLink(app, new URL(request.url).searchParams, act) : null;
    if (!act || !search) return data({ done: false }, { status: 400 });
    await actOnLink(app.db, search.id, act);
    return { done: true };
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Nothing was changed");

export default function SavedSearchLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { act, name } = loaderData;
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  const pending = useNavigation().state === "submitting";
  const words = ACTS[act as keyof typeof ACTS];
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-12">
      <h1 className="text-3xl">Saved search</h1>
      {!name || done === false ? (
        <FormError message={INVALID} />
      ) : done ? (
        <p role="status">{`${words.done} "${name}".`}</p>
      ) : (
        <Form method="post" className="space-y-4">
          <p>{`${words.ask} "${name}"?`}</p>
          <Button type="submit" pending={pending}>
            {words.button}
          </Button>
        </Form>
      )}
      <p>
        <Link to="/account/searches">Your saved searches</Link>
      </p>
    </div>
  );
}
