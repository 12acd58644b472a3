import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ButtonLink } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = pageMeta({ title: "Page Not Found", noindex: true });

export default function NotFound() {
  return (
    <div className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <p className="font-serif text-8xl text-primary">404</p>
      <h1 className="mt-4 text-3xl">Oops! Page not found</h1>
      <p className="mt-3 text-muted">The page you are looking for may have moved, or never existed.</p>
      <ButtonLink to="/" className="mt-8">
        Return to Home
      </ButtonLink>
    </div>
  );
}
