import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AccessCheck } from "~/components/admin/access-check";
import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { FaqListSkeleton } from "~/components/admin/faq-skeleton";
import { useNextPath } from "~/components/layout/use-next-path";
import { expectUser, noindex, requireAdmin } from "~/infra/session.server";

// The admin area. Every child loader and action runs behind requireAdmin (signed-out visitors to
// /login and back, signed-in non-admins to /account with the spec's message; actions 401/403).
// The pages are shown without the public header and footer (app/root.tsx) and are never indexed.
export const middleware: Route.MiddlewareFunction[] = [requireAdmin, noindex];

export function loader({ context }: Route.LoaderArgs) {
  const { name, email } = expectUser(context);
  return { user: { name, email } };
}

const FAQ_PAGE = /^\/admin\/venue-faqs\/[^/]+$/;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // Pages come rendered from the server; on a client-side move to a venue's FAQs, the spec's
  // three skeleton cards show while they load.
  const next = useNextPath();
  const loadingFaqs = next !== null && FAQ_PAGE.test(next);
  return (
    <div className="min-h-dvh bg-ivory md:flex">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <AdminSidebar user={loaderData.user} />
      <main id="admin-main" className="min-w-0 flex-1 px-4 py-8 sm:px-8 lg:px-10">
        {loadingFaqs ? <FaqListSkeleton /> : <Outlet />}
      </main>
      <AccessCheck />
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
