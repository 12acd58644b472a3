import { useEachNew } from "~/components/forms/use-each-new";

/**
 * Runs `callback` once per successful action answer (`{ ok: true }`), e.g. to close a dialog or
 * empty a form. Pass the fetcher: it waits until the page's data has been reloaded after the
 * action (the fetcher is idle again), so what the callback reveals is already current.
 */
export function useOnSuccess(
  fetcher: { data?: { ok?: boolean } | null; state: string },
  callback: () => void,
): void {
  useEachNew(fetcher.state === "idle" && fetcher.data?.ok === true ? fetcher.data : null, () => callback());
}
