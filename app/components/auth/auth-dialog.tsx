import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import type { AppUser } from "~/lib/user";
import { AuthTabs } from "./auth-forms";

type OpenOptions = { tab?: "login" | "register"; message?: string };
const AuthDialogContext = createContext<(opts?: OpenOptions) => void>(() => {});

/** Any component may ask for the sign-in dialog, e.g. the header or a "log in first" prompt. */
export function useAuthDialog() {
  return useContext(AuthDialogContext);
}

export function AuthDialogProvider({ user, children }: { user: AppUser | null; children: ReactNode }) {
  const [state, setState] = useState<OpenOptions | null>(null);
  const location = useLocation();
  const open = useCallback((opts: OpenOptions = {}) => setState(opts), []);

  // The dialog closes itself once a user is present.
  const isOpen = state !== null && !user;

  const value = useMemo(() => open, [open]);
  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      <Dialog
        open={isOpen}
        onClose={() => setState(null)}
        title="Welcome"
        description={state?.message ?? "Sign in or create an account to continue."}
      >
        <div className="mt-5">
          <AuthTabs defaultTab={state?.tab} redirectTo={location.pathname + location.search} />
        </div>
      </Dialog>
    </AuthDialogContext.Provider>
  );
}
