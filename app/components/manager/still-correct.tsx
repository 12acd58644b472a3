import { useFetcher } from "react-router";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { plainDayLabel } from "~/lib/dates";
import type { ManagerReply } from "~/lib/validation/manager";
import type { VenueView } from "~/lib/venue";

/**
 * 'Still correct' (issue 43): the venue's prices and facts confirmed as they are, without a save
 * of the whole form. A plain form first: without scripts it posts and the page comes back.
 */
export function StillCorrect({ confirmed, action }: { confirmed: VenueView["confirmed"]; action: string }) {
  const fetcher = useFetcher<ManagerReply>();
  useToast(fetcher.data?.toast);
  if (!confirmed) return null;
  return (
    <fetcher.Form
      method="post"
      action={action}
      className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border px-5 py-4 ${
        confirmed.stale ? "border-danger/40 bg-danger/5" : "border-sand bg-white"
      }`}
    >
      <p className="text-sm text-ink" data-testid="prices-confirmed">
        {confirmed.on
          ? `Prices and facts last confirmed on ${plainDayLabel(confirmed.on)}.`
          : "Prices and facts not confirmed yet."}{" "}
        {confirmed.stale ? "Couples see them marked as possibly out of date: please check them." : null}
      </p>
      <input type="hidden" name="intent" value="confirm-prices" />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
        Still correct
      </Button>
    </fetcher.Form>
  );
}
