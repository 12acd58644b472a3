import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { Analytics } from "./components/layout/analytics";
import { AuthDialogProvider } from "./components/auth/auth-dialog";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { Toaster } from "./components/layout/toaster";
import { useToast } from "./components/layout/use-toast";
import { ButtonLink } from "./components/ui/button";
import { cn } from "./lib/cn";
import { getUser, readFlash } from "./infra/session.server";
import { seoMeta } from "./lib/seo";
import { listFavoriteIds } from "./services/favorites.server";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const { toast, headers } = await readFlash(request);
  const favoriteIds = user ? await listFavoriteIds(context.db, user.id) : [];
  const { config } = context;
  return data(
    {
      user,
      toast,
      favoriteIds,
      site: { siteName: config.siteName, siteUrl: config.siteUrl },
      analytics: config.analytics,
      nonce: context.cspNonce,
    },
    { headers },
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta(data.site, {}) : [{ title: "Vows & Vistas" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = root?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f4d3f" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {root ? <Analytics config={root.analytics} nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useToast(loaderData.toast);
  const { pathname } = useLocation();
  const bare = pathname === "/admin" || pathname.startsWith("/admin/");
  return (
    <AuthDialogProvider user={loaderData.user}>
      {bare ? (
        <Outlet />
      ) : (
        <>
          <SiteHeader user={loaderData.user} />
          <main id="main" className={cn("min-h-[70vh]", pathname !== "/" && "pt-[60px] md:pt-20")}>
            <Outlet />
          </main>
          <SiteFooter user={loaderData.user} />
        </>
      )}
      <Toaster />
    </AuthDialogProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-6 text-center">
      <title>{status === 404 ? "Page not found" : "Something went wrong"}</title>
      <meta name="robots" content="noindex, nofollow" />
      <p className="font-serif text-6xl text-primary">{status}</p>
      <h1 className="mt-4 text-2xl">{status === 404 ? "Oops! Page not found" : "Something went wrong"}</h1>
      <p className="mt-2 text-muted">
        {status === 404
          ? "The page you are looking for does not exist."
          : "An unexpected error occurred. Please try again in a moment."}
      </p>
      <ButtonLink to="/" className="mt-8" reloadDocument>
        Return to Home
      </ButtonLink>
    </main>
  );
}
