import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/searches";
import { Field, FormError, SelectField } from "~/components/forms/fields";
import { Button, buttonClass } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { formAction } from "~/infra/action.server";
import { invalid, parseForm } from "~/infra/form.server";
import { expectUser, getApp } from "~/infra/session.server";
import { keepWork } from "~/lib/failed-request";
import { ALERT_FREQUENCIES, FREQUENCY_LABELS, queryWithout, savedFilters } from "~/lib/saved-searches";
import { activeFilters, searchUrl } from "~/lib/search";
import { pageMeta } from "~/lib/seo";
import { savedSearchSchema } from "~/lib/validation/saved-search";
import {
  changeSavedSearchQuery,
  deleteSavedSearch,
  listSavedSearches,
  updateSavedSearch,
} from "~/services/saved-searches.server";
import { searchChoices } from "~/services/search-choices.server";

// 'Saved Searches' (issue 44): each search a couple saved from /venues, with how often it mails
// (instant, daily, weekly, off); renamed, its frequency changed, a filter taken off, or deleted,
// by plain forms. A filter is added on /venues, saving the search again.

export const meta: Route.MetaFunction = pageMeta({ title: "Saved Searches", noindex: true });

const FREQUENCIES = ALERT_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const user = expectUser(context);
  const [searches, { categories }] = await Promise.all([listSavedSearches(db, user.id), searchChoices(db)]);
  const categoryName = (id: string) => categories.find((c) => c.id === id || c.name === id)?.name;
  return {
    searches: searches.map((s) => {
      const filters = savedFilters(new URLSearchParams(s.query));
      return {
        id: s.id,
        name: s.name,
        frequency: s.frequency,
        url: searchUrl(filters),
        chips: activeFilters(filters, categoryName).map(({ key, label }) => ({ key, label })),
        sentAt: s.sentAt?.toISOString() ?? null,
      };
    }),
  };
}

export const action = formAction({
  failures: {
    update: "Your search was not changed",
    "remove-filter": "The filter was not removed",
    delete: "Your search was not deleted",
  },
  run: async ({ app, actor, values, intent, answer, fail }) => {
    const id = values.searchId ?? "";
    if (intent === "remove-filter") {
      const search = (await listSavedSearches(app.db, actor.id)).find((s) => s.id === id);
      const query = search && queryWithout(search.query, values.remove ?? "");
      if (typeof query !== "string") return fail(404, "This filter is no longer in the search");
      await changeSavedSearchQuery(app.db, actor.id, id, query);
      return answer({ type: "success", message: "Filter removed" }, 200, "/account/searches");
    }
    if (intent === "delete") {
      await deleteSavedSearch(app.db, actor.id, id);
      return answer({ type: "success", message: "Search deleted" }, 200, "/account/searches");
    }
    const parsed = await parseForm(values, savedSearchSchema);
    if (!parsed.ok) return invalid(parsed.errors, values);
    await updateSavedSearch(app.db, actor.id, id, parsed.data);
    return answer({ type: "success", message: "Search saved" }, 200, "/account/searches");
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Your search was not changed");

export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const { searches } = loaderData;
  const navigation = useNavigation();
  const busy = (id: string) =>
    navigation.state === "submitting" && navigation.formData?.get("searchId") === id;
  const refused = actionData && "errors" in actionData ? actionData : null;
  return (
    <>
      <h2 className="text-2xl">Saved Searches</h2>
      <p className="mt-2 text-muted">
        We email you when a venue is new for a search: newly listed, its calendar frees your date, or it comes
        within your budget. Save a search from its results.
      </p>
      {searches.length === 0 ? (
        <div className="mt-6 space-y-3">
          <p>No saved searches yet.</p>
          <Link to="/venues" className={buttonClass("outline")}>
            Browse venues
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-6">
          {searches.map((s) => {
            const mine = refused?.values?.searchId === s.id;
            const errors: Record<string, string | undefined> = mine ? (refused?.errors ?? {}) : {};
            return (
              <li key={s.id} className="rounded-xl border border-sand p-4">
                <h3 className="text-lg">
                  <Link to={s.url}>{s.name}</Link>
                </h3>
                {s.chips.length ? (
                  <Form
                    method="post"
                    className="mt-2 flex flex-wrap gap-2"
                    aria-label={`Filters of ${s.name}`}
                  >
                    <input type="hidden" name="searchId" value={s.id} />
                    <input type="hidden" name="intent" value="remove-filter" />
                    {s.chips.map((c) => (
                      <button
                        key={c.key}
                        type="submit"
                        name="remove"
                        value={c.key}
                        className="rounded-full border border-sand px-3 py-1 text-sm hover:bg-sand/40"
                        aria-label={`Remove filter ${c.label}`}
                      >
                        {c.label} <span aria-hidden="true">×</span>
                      </button>
                    ))}
                  </Form>
                ) : (
                  <p className="text-sm text-muted">Every venue</p>
                )}
                {/* Name and frequency side by side only where the card is wide enough for the frequency's
                    longest label; beside the account menu at tablet widths, one above the other. */}
                <Form method="post" className="mt-4 grid gap-3 lg:grid-cols-[1fr_auto] lg:items-end">
                  <input type="hidden" name="searchId" value={s.id} />
                  {/* Across both columns, above the fields it is about. */}
                  {errors.form ? (
                    <div className="lg:col-span-2">
                      <FormError message={errors.form} />
                    </div>
                  ) : null}
                  <Field
                    label="Name"
                    name="name"
                    id={`name-${s.id}`}
                    defaultValue={errors.name ? refused?.values?.name : s.name}
                    error={errors.name}
                    required
                  />
                  <SelectField
                    label="Email me"
                    name="frequency"
                    id={`frequency-${s.id}`}
                    options={FREQUENCIES}
                    defaultValue={s.frequency}
                    error={errors.frequency}
                  />
                  <div className="flex gap-3">
                    <Button type="submit" name="intent" value="update" pending={busy(s.id)}>
                      Save
                    </Button>
                    <Button type="submit" name="intent" value="delete" variant="outline" formNoValidate>
                      Delete
                    </Button>
                  </div>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
