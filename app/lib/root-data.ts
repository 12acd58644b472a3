import { useRouteLoaderData } from "react-router";
import type { Toast } from "./toast";
import type { AppUser } from "./user";

/** What the root loader gives every page (root.tsx `satisfies` it). */
export type RootData = {
  user: AppUser | null;
  toast: Toast | null;
  favoriteIds: string[];
  site: { siteName: string; siteUrl: string; twitterSite: string | undefined };
  analytics: { gaMeasurementId: string | undefined; gtmId: string | undefined };
  nonce: string;
};

/** The root loader's data (user, site, favourites) from any component. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("root loader data is missing");
  return data;
}
