import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { ButtonLink } from "~/components/ui/button";

type Props = {
  /** Heading for a failure (5xx or unexpected), e.g. the spec's 'Error Loading Venue'. */
  title?: string;
  /** Offer 'Try Again' (reloads the page). */
  retry?: boolean;
  /** Heading and way back for a 404 thrown by the route; its message is the thrown `error`. */
  notFound?: { title: string; back?: { to: string; label: string } };
};

const said = (error: unknown): string | null => {
  const value = isRouteErrorResponse(error) ? (error.data as { error?: unknown } | null)?.error : null;
  return typeof value === "string" ? value : null;
};

/**
 * The error boundary of every route that loads data (and of the root): status, a title, what
 * happened, a way to try again and a way back. (The meta functions mark error pages noindex.)
 */
export function GeneralErrorBoundary({ title, retry = false, notFound }: Props) {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  let heading = title ?? "Something went wrong";
  let message = "An unexpected error occurred. Please try again in a moment.";
  let back = { to: "/", label: "Return to Home" };
  if (status === 404) {
    heading = notFound?.title ?? "Oops! Page not found";
    message = said(error) ?? "The page you are looking for does not exist.";
    back = notFound?.back ?? back;
  } else if (status < 500) {
    heading = title ?? "Something is not right";
    message = said(error) ?? "The request could not be handled.";
  }
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <p className="font-serif text-6xl text-primary">{status}</p>
      <h1 className="mt-4 text-3xl">{heading}</h1>
      <p className="mt-3 text-ink-soft">{message}</p>
      <div className="mt-8 flex justify-center gap-3">
        {/* A link that loads the page again: it works before the script runs and without it. */}
        {retry && status >= 500 ? (
          <ButtonLink to={pathname + search} reloadDocument>
            Try Again
          </ButtonLink>
        ) : null}
        <ButtonLink to={back.to} variant={retry && status >= 500 ? "outline" : "primary"}>
          {back.label}
        </ButtonLink>
      </div>
    </div>
  );
}
