import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useLocation } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { isPlainClick } from "~/components/ui/plain-click";
import { Spinner } from "~/components/ui/spinner";
import { loginPath, type AppUser } from "~/lib/user";

// The forms (and their validation) load when the dialog first opens: every page has the dialog,
// few visits open it, and building the schemas would cost each page's start (issue 9).
const AuthTabs = lazy(() => import("./auth-forms").then((m) => ({ default: m.AuthTabs })));

type OpenOptions = {
  tab?: "login" | "register";
  message?: string;
  /** What to do once the visitor has signed in or registered here (not when they close the dialog). */
  then?: () => void;
};
const AuthDialogContext = createContext<(opts?: OpenOptions) => void>(() => {});

/** Any component may ask for the sign-in dialog, e.g. the header or a "log in first" prompt. */
export function useAuthDialog() {
  return useContext(AuthDialogContext);
}

/**
 * 'Sign In': a link to /login, coming back here afterwards, so it works before the script runs
 * and without it; once the page runs, a click opens the dialog instead (ADR 020).
 */
export function SignInLink({
  className,
  onOpen,
  children = "Sign In",
}: {
  className?: string;
  /** Runs before the dialog opens (e.g. the mobile menu closes). */
  onOpen?: () => void;
  children?: ReactNode;
}) {
  const openAuth = useAuthDialog();
  const { pathname, search } = useLocation();
  const href = pathname === "/login" ? pathname + search : loginPath(pathname + search);
  return (
    <a
      href={href}
      className={className}
      onClick={(e) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        onOpen?.();
        openAuth();
      }}
    >
      {children}
    </a>
  );
}

export function AuthDialogProvider({ user, children }: { user: AppUser | null; children: ReactNode }) {
  const [state, setState] = useState<OpenOptions | null>(null);
  const location = useLocation();
  // What waits for a signed-in user: run once one is present, dropped if the dialog is closed.
  const waiting = useRef<(() => void) | null>(null);
  const open = useCallback((opts: OpenOptions = {}) => {
    waiting.current = opts.then ?? null;
    setState(opts);
  }, []);

  // The dialog closes itself once a user is present, and runs what was waiting for one.
  const isOpen = state !== null && !user;
  useEffect(() => {
    const then = waiting.current;
    if (!user || !then) return;
    waiting.current = null;
    then();
  }, [user]);

  const value = useMemo(() => open, [open]);
  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      <Dialog
        open={isOpen}
        onClose={() => {
          waiting.current = null;
          setState(null);
        }}
        title="Welcome"
        description={state?.message ?? "Sign in or create an account to continue."}
      >
        <div className="mt-5">
          <Suspense fallback={<Spinner label="Loading" className="mx-auto my-8 block" />}>
            <AuthTabs defaultTab={state?.tab} redirectTo={location.pathname + location.search} />
          </Suspense>
        </div>
      </Dialog>
    </AuthDialogContext.Provider>
  );
}
