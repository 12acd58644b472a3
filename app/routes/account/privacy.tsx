import { Form } from "react-router";
import type { Route } from "./+types/privacy";
import { Button, buttonClass } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { expectUser, getApp } from "~/infra/session.server";
import { EXPORT_PARTS, expiryDay, exportPath, type ExportListing } from "~/lib/data-export";
import { RETENTION_DAYS } from "~/lib/retention";
import { pageMeta } from "~/lib/seo";
import { listDataExports } from "~/services/data-export.server";

// 'Privacy' (issue 46): download everything the site keeps about you (ADR 049), the downloads
// prepared in the background, and the way to delete the account. The download is a plain form
// posted to a resource route (it answers with the file, or comes back here with a toast), so it
// is a native submission with or without scripts.

export const meta: Route.MetaFunction = pageMeta({ title: "Privacy", noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const user = expectUser(context);
  const exports = await listDataExports(getApp(context), user);
  const manager = user.role === "venue_manager" || user.role === "admin";
  return {
    parts: EXPORT_PARTS.filter((p) => manager || !p.backOffice).map((p) => p.what),
    exports,
  };
}

function ExportState({ e }: { e: ExportListing }) {
  if (e.status === "building") return <span>Being prepared. We will email you a link when it is ready.</span>;
  if (e.status === "failed") return <span>Could not be prepared. Please ask for a new one.</span>;
  if (e.expired) return <span>Expired on {expiryDay(e.expiresAt)}.</span>;
  return (
    <span>
      <Link to={exportPath(e.id)} reloadDocument className="font-medium text-primary underline">
        Download
      </Link>{" "}
      (until {expiryDay(e.expiresAt)})
    </span>
  );
}

export default function AccountPrivacy({ loaderData }: Route.ComponentProps) {
  const { parts, exports } = loaderData;
  return (
    <>
      <h2 className="text-2xl">Privacy</h2>
      <section aria-labelledby="download-heading" className="mt-6">
        <h3 id="download-heading" className="text-xl">
          Download your data
        </h3>
        <p className="mt-2 text-muted">One ZIP file with everything we keep about you:</p>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {parts.map((what) => (
            <li key={what}>{what}</li>
          ))}
        </ul>
        <p className="mt-3 text-muted">
          Each part is a JSON file you can open in any text editor, with a README that says what each holds. A
          download with many photos is prepared in the background: we email you a link, which works for{" "}
          {RETENTION_DAYS.dataExports} days.
        </p>
        <Form method="post" action="/account/privacy/exports" reloadDocument className="mt-4">
          <Button type="submit">Download my data</Button>
        </Form>
        {exports.length ? (
          <>
            <h4 className="mt-6 font-semibold">Your recent downloads</h4>
            <ul className="mt-2 divide-y divide-sand">
              {exports.map((e) => (
                <li key={e.id} className="py-2 text-sm">
                  <span className="text-ink-soft">Asked for on {expiryDay(e.createdAt)}: </span>
                  <ExportState e={e} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section aria-labelledby="delete-heading" className="mt-10 border-t border-sand pt-6">
        <h3 id="delete-heading" className="text-xl">
          Delete your account
        </h3>
        <p className="mt-2">
          You can delete your account and what it holds yourself; the next page says exactly what is deleted
          and what is kept.
        </p>
        <Link to="/account/delete" className={buttonClass("outline", "md", "mt-4")}>
          Delete my account
        </Link>
      </section>
    </>
  );
}
