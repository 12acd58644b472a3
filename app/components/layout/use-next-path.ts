import { useLocation, useNavigation } from "react-router";

/**
 * The path a client-side navigation is loading when it leaves this page, else null: a layout
 * shows the next page's skeleton while its loader runs (pages come rendered from the server).
 */
export function useNextPath(): string | null {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const next = navigation.state === "loading" ? navigation.location.pathname : null;
  return next !== null && next !== pathname ? next : null;
}
