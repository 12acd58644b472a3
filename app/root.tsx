import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { ReactNode } from "react";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import headingFont from "@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2?url";
import { Analytics } from "./components/layout/analytics";
import { DeferredScripts } from "./infra/patches/deferred-scripts";
import { AuthDialogProvider } from "./components/auth/auth-dialog";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { useLogoutFetcher } from "./components/layout/logout-button";
import { Toaster } from "./components/layout/toaster";
import { useToast } from "./components/layout/use-toast";
import { FavoriteForms } from "./components/venue/favorite-button";
import { CompareForm, CompareTray } from "./components/compare/compare-tray";
import { useFavoriteFetcher } from "./components/venue/use-favorite";
import { VenueSubmissionProvider } from "./components/venue-form/venue-submission";
import { GeneralErrorBoundary } from "./components/layout/error-boundary";
import { NavigationProgress } from "./components/layout/navigation-progress";
import { NoscriptToast } from "./components/layout/noscript-toast";
import { cn } from "./lib/cn";
import type { Toast } from "./lib/toast";
import type { AppUser } from "./lib/user";
import { nonceContext } from "./infra/context.server";
import { getApp, getUser, readFlash, sessionMiddleware } from "./infra/session.server";
import type { RootData } from "./lib/root-data";
import { seoMeta } from "./lib/seo";
import { asksNotToTrack, NO_ANALYTICS } from "./lib/analytics";
import { listFavoriteIds } from "./services/favorites.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const user = getUser(context);
  const [{ toast, headers }, favoriteIds] = await Promise.all([
    readFlash(app, request),
    user ? listFavoriteIds(app.db, user.id) : ([] as string[]),
  ]);
  const { config } = app;
  return data(
    {
      user,
      toast,
      favoriteIds,
      site: { siteName: config.siteName, siteUrl: config.siteUrl, twitterSite: config.twitterSite },
      // No tag for a visitor whose browser asks not to be tracked (issue 46; the page cache keeps both).
      analytics: asksNotToTrack(request.headers.get("sec-gpc")) ? NO_ANALYTICS : config.analytics,
      nonce: context.get(nonceContext),
    } satisfies RootData,
    { headers },
  );
}

// Pages without their own meta use this one; an error page is never indexed.
export const meta: Route.MetaFunction = ({ data, error }) => {
  const failed = error
    ? { title: isNotFound(error) ? "Page not found" : "Something went wrong", noindex: true }
    : {};
  return data
    ? seoMeta(data.site, failed)
    : [{ title: failed.title ?? "Vows & Vistas" }, { name: "robots", content: "noindex, nofollow" }];
};

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = root?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f4d3f" />
        {/* With a precedence React sends the stylesheet, and the font that draws the headings
            (the hero's largest paint), before the script preloads (issue 9). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <link rel="preload" href={headingFont} as="font" type="font/woff2" crossOrigin="anonymous" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        {/* A signed-in visitor has the scripts cached and works in forms: hydration starts at
            once. Everyone else paints first (ADR 017). */}
        {root?.user ? <Scripts nonce={nonce} /> : <DeferredScripts nonce={nonce} />}
        {root ? <Analytics config={root.analytics} nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useToast(loaderData.toast);
  useToast(useFavoriteFetcher().data?.toast);
  useToast(useLogoutFetcher().data?.toast);
  return (
    <SiteChrome user={loaderData.user} toast={loaderData.toast}>
      <Outlet />
    </SiteChrome>
  );
}

const isBare = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

/** The dialogs, header, footer and toasts around every page (spec: /admin pages have no header). */
function SiteChrome({
  user,
  toast,
  children,
}: {
  user: AppUser | null;
  toast: Toast | null;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <AuthDialogProvider user={user}>
      <NavigationProgress />
      {/* Without JavaScript a flashed toast shows at the top of the page, below the header. */}
      <NoscriptToast
        toast={toast}
        className="absolute inset-x-4 top-[72px] z-30 mx-auto max-w-md text-center md:top-24"
      />
      <VenueSubmissionProvider user={user}>
        {isBare(pathname) ? (
          children
        ) : (
          <>
            <SiteHeader user={user} />
            <main id="main" className={cn("min-h-[70vh]", pathname !== "/" && "pt-[60px] md:pt-20")}>
              {children}
            </main>
            <SiteFooter user={user} />
          </>
        )}
      </VenueSubmissionProvider>
      <FavoriteForms />
      <CompareForm />
      <CompareTray />
      <Toaster eager={Boolean(user)} />
    </AuthDialogProvider>
  );
}

/**
 * An error no route below caught (a resource route's, or the root's own): inside the site's
 * header and footer when the root's data is there, so the visitor still has the site around it.
 */
export function ErrorBoundary() {
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  if (!root || isBare(pathname))
    return (
      <main id="main">
        <GeneralErrorBoundary />
      </main>
    );
  return (
    <SiteChrome user={root.user} toast={root.toast}>
      <GeneralErrorBoundary />
    </SiteChrome>
  );
}
