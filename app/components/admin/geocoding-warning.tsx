import { TriangleAlert } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { adminListUrl } from "~/lib/admin";
import { GEOCODING_REQUIRED } from "~/lib/coordinates";

// The spec's 'Geocoding Required' warning, for admins only (issue 10, point 4; ADR 014). Venues
// are geocoded on the server, never in a visitor's browser, so instead of the spec's progress
// card it tells the admin how many approved venues are missing from the map, lists them (the
// list's 'Missing coordinates' filter, issue 22) and says what places them.

export function GeocodingWarning({ missing }: { missing: number }) {
  return (
    <section
      aria-labelledby="geocoding-required"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:p-5"
    >
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 space-y-2">
        <h2 id="geocoding-required" className="font-semibold text-amber-950">
          {GEOCODING_REQUIRED.title}
        </h2>
        <p>
          {GEOCODING_REQUIRED.message(missing)}{" "}
          <Link
            to={adminListUrl({ coords: "missing" })}
            preventScrollReset
            className="font-medium text-amber-950 underline underline-offset-2 hover:no-underline"
          >
            {`Show ${missing === 1 ? "the venue" : "the venues"} missing coordinates`}
          </Link>
        </p>
        <p>
          Run <code className="rounded bg-white/70 px-1 font-mono text-[0.8125rem]">npm run geocode</code> on
          the server to place every venue from its address; it lists any it cannot place. To place one venue
          now, use the Geocode button on its row, flagged &lsquo;Missing Coordinates&rsquo;. A venue whose
          address cannot be found needs it corrected, or its coordinates typed, in Edit.
        </p>
      </div>
    </section>
  );
}
