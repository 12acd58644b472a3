import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from "react";
import { useAuthDialog } from "~/components/auth/auth-dialog";
import type { AppUser } from "~/lib/user";

// 'Submit Your Colorado Venue' from anywhere (the footer, My Venues). A guest gets the auth
// dialog first and the submission dialog opens by itself once they have signed in. The dialog
// and its form load only when first opened, so no page pays for them on first load.

const SubmissionDialog = lazy(() => import("./submission-dialog"));

const SubmitVenueContext = createContext<() => void>(() => {});

/** Opens the venue submission dialog (or, for a guest, the sign-in dialog first). */
export function useSubmitVenue() {
  return useContext(SubmitVenueContext);
}

export const SIGN_IN_FIRST = "Please log in or register to submit your venue.";

export function VenueSubmissionProvider({ user, children }: { user: AppUser | null; children: ReactNode }) {
  const openAuth = useAuthDialog();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const show = useCallback(() => {
    setWanted(true);
    setOpen(true);
  }, []);
  const start = useCallback(() => {
    if (user) show();
    else openAuth({ tab: "login", message: SIGN_IN_FIRST, then: show });
  }, [user, openAuth, show]);

  return (
    <SubmitVenueContext.Provider value={start}>
      {children}
      {wanted && user ? (
        <Suspense fallback={null}>
          <SubmissionDialog open={open} onClose={() => setOpen(false)} isAdmin={user.role === "admin"} />
        </Suspense>
      ) : null}
    </SubmitVenueContext.Provider>
  );
}
