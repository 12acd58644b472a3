import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/save-search";
import { Field, FormError, SelectField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { formAction } from "~/infra/action.server";
import { invalid, keepValues, parseForm } from "~/infra/form.server";
import { getApp, getUser, redirectWithToast } from "~/infra/session.server";
import { keepWork } from "~/lib/failed-request";
import { normalizeEmail } from "~/lib/rate-limit";
import {
  ALERT_FREQUENCIES,
  FREQUENCY_LABELS,
  savedFilters,
  savedQuery,
  searchName,
} from "~/lib/saved-searches";
import { activeFilters, searchUrl } from "~/lib/search";
import { pageMeta } from "~/lib/seo";
import { guestSaveSearchSchema, saveSearchSchema } from "~/lib/validation/saved-search";
import { clientAddress, LIMITS, limitWrites } from "~/services/rate-limit.server";
import { saveSearch } from "~/services/saved-searches.server";
import { searchChoices } from "~/services/search-choices.server";

// 'Save this search' (issue 44): the search of the address, a name for it and how often to hear
// of what is new. A signed-in couple's alerts go to their account's address; a guest gives one and
// confirms it from the mail first. A plain form: it works before any script runs.

export const meta: Route.MetaFunction = pageMeta({ title: "Save this search", noindex: true });

const FREQUENCIES = ALERT_FREQUENCIES.filter((f) => f !== "off").map((value) => ({
  value,
  label: FREQUENCY_LABELS[value],
}));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const params = new URL(request.url).searchParams;
  const filters = savedFilters(params);
  const { categories } = await searchChoices(db);
  const categoryName = (id: string) => categories.find((c) => c.id === id || c.name === id)?.name;
  return {
    signedIn: getUser(context) !== null,
    query: savedQuery(params),
    name: searchName(filters, categoryName),
    chips: activeFilters(filters, categoryName).map((c) => c.label),
    searchUrl: searchUrl(filters),
  };
}

export const action = formAction({
  failures: "Your search was not saved",
  run: async ({ app, request, user, values }) => {
    const parsed = await parseForm(values, user ? saveSearchSchema : guestSaveSearchSchema);
    if (!parsed.ok) return invalid(parsed.errors, values);
    const input = { ...parsed.data, query: savedQuery(new URLSearchParams(parsed.data.query)) };
    if (user) {
      await saveSearch(app, { userId: user.id }, input);
      return redirectWithToast(app, request, "/account/searches", {
        type: "success",
        message: "Search saved",
      });
    }
    const email = normalizeEmail("email" in parsed.data ? String(parsed.data.email) : "");
    const limited = await limitWrites(app.db, [
      [`save-search:ip:${clientAddress(request)}`, LIMITS.saveSearchIp],
      [`save-search:email:${email}`, LIMITS.saveSearchEmail],
    ]);
    if (limited)
      return data({ errors: { form: limited.error }, values: keepValues(values) }, { status: 429 });
    await saveSearch(app, { email }, input);
    return { sentTo: email };
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Your search was not saved");

export default function SaveSearchPage({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, query, name, chips } = loaderData;
  const pending = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> =
    actionData && "errors" in actionData ? actionData.errors : {};
  const kept = actionData && "values" in actionData ? actionData.values : {};
  const refusal = actionData && "error" in actionData ? String(actionData.error) : undefined;
  if (actionData && "sentTo" in actionData)
    return (
      <div className="mx-auto max-w-xl space-y-4 px-4 py-12">
        <h1 className="text-3xl">Check your inbox</h1>
        <p role="status">{`We sent a link to ${actionData.sentTo}. Follow it to start your alerts; until then, nothing is sent.`}</p>
        <Link to={loaderData.searchUrl}>Back to the search</Link>
      </div>
    );
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-12">
      <h1 className="text-3xl">Save this search</h1>
      <p className="text-muted-foreground">
        {chips.length ? `Venues: ${chips.join(", ")}.` : "Every venue."} We email you when a venue is new for
        it: newly listed, its calendar frees your date, or its price comes within your budget. Never the same
        venue twice, and nothing when nothing is new.
      </p>
      <Form method="post" className="space-y-4">
        <FormError message={errors.form ?? refusal} />
        <input type="hidden" name="query" value={query} />
        <Field label="Name" name="name" defaultValue={kept.name ?? name} error={errors.name} required />
        <SelectField
          label="Email me"
          name="frequency"
          options={FREQUENCIES}
          defaultValue={kept.frequency ?? "daily"}
          error={errors.frequency}
        />
        {signedIn ? null : (
          <Field
            label="Your email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={kept.email}
            error={errors.email}
            description="We send a link to confirm it first."
            required
          />
        )}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" pending={pending}>
            Save search
          </Button>
          <Link to={loaderData.searchUrl}>Back to the search</Link>
        </div>
        {signedIn ? null : (
          <p className="text-sm text-muted-foreground">
            Have an account?{" "}
            <Link to={`/login?redirectTo=${encodeURIComponent(`/saved-searches/new?${query}`)}`}>
              Sign in
            </Link>{" "}
            to keep your searches there.
          </p>
        )}
      </Form>
    </div>
  );
}
