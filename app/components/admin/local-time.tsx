import { formatDateTime } from "~/lib/admin";
import { useHydrated } from "~/lib/use-hydrated";

const local = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });

/**
 * A moment as the visitor's clock reads it (issue 22, item 9). The server cannot know the
 * visitor's time zone or language, so its HTML says the time in UTC, in the machine-readable
 * `datetime` too; once the page runs, the browser writes it in its own locale and zone. The
 * switch comes after hydration (useHydrated), so the two renders never disagree.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} className={className}>
      {hydrated ? local(iso) : formatDateTime(iso)}
    </time>
  );
}
