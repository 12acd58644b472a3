import { LoaderCircle, LogOut } from "~/components/ui/icons";
import { useFetcher } from "react-router";
import type { FailedRequestReply } from "~/lib/failed-request";

/** Every logout button's fetcher: the root shows its toast (a failed logout keeps the page). */
export const LOGOUT_FETCHER = "logout";

export function useLogoutFetcher() {
  return useFetcher<FailedRequestReply>({ key: LOGOUT_FETCHER });
}

/**
 * Logout as a POST to /logout, busy (spinner, disabled) while that request is on its way. A
 * fetcher, not a navigation: the answer's redirect goes home, and a failure stays on this page
 * with the spec's 'Error logging out. Please try again.' (without scripts, the form posts).
 */
export function LogoutButton({ className, formClassName }: { className: string; formClassName?: string }) {
  const fetcher = useLogoutFetcher();
  const loggingOut = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/logout" className={formClassName}>
      <button type="submit" disabled={loggingOut} aria-busy={loggingOut || undefined} className={className}>
        {loggingOut ? (
          <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <LogOut className="h-4 w-4" aria-hidden="true" />
        )}
        Logout
      </button>
    </fetcher.Form>
  );
}
