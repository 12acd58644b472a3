import { useEffect, useMemo, useRef } from "react";
import { useFetcher, useNavigate } from "react-router";
import { showToast, useToast } from "~/components/layout/use-toast";
import { Dialog } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { VENUE_SUBMISSIONS_PATH } from "~/lib/uploads";
import type { SubmissionChoices } from "~/lib/validation/venue-submission";
import { VenueForm, type SubmissionReply } from "./venue-form";

/** Spec: after a successful submission the user moves on after one second. */
const REDIRECT_DELAY_MS = 1000;

const LOAD_TYPES_FAILED = "Failed to load venue types";
const LOAD_AMENITIES_FAILED = "Failed to load amenities";

/** The submission dialog (loaded on first open): the form's choices, the form, what follows success. */
export default function SubmissionDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
  isAdmin: boolean;
}) {
  const choices = useFetcher<SubmissionChoices>();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Each opening asks for the choices, so a list that failed to load is asked for again.
  const { load } = choices;
  useEffect(() => {
    if (open) void load(VENUE_SUBMISSIONS_PATH);
  }, [open, load]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const loaded = choices.data;
  const typesFailed = loaded ? loaded.venueTypes === null : false;
  const amenitiesFailed = loaded ? loaded.amenities === null : false;
  // Spec: each list that fails to load says so in a toast (and inline, in the form).
  useToast(
    useMemo(() => (typesFailed ? { type: "error", message: LOAD_TYPES_FAILED } : null), [typesFailed]),
  );
  useToast(
    useMemo(
      () => (amenitiesFailed ? { type: "error", message: LOAD_AMENITIES_FAILED } : null),
      [amenitiesFailed],
    ),
  );

  const submitted = (reply: Extract<SubmissionReply, { ok: true }>) => {
    void showToast(reply.toast);
    for (const notice of reply.notices) void showToast(notice);
    onClose();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void navigate(reply.redirectTo), REDIRECT_DELAY_MS);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Submit Your Colorado Venue"
      description="Tell couples about your venue. Every submission is reviewed before it is listed."
      // `sm:` so that it wins over the primitive's max-w-md (cn() does not merge classes).
      className="sm:max-w-2xl"
    >
      {loaded ? (
        <VenueForm
          action={VENUE_SUBMISSIONS_PATH}
          venueTypes={loaded.venueTypes ?? []}
          venueTypesError={typesFailed ? LOAD_TYPES_FAILED : undefined}
          amenities={loaded.amenities ?? []}
          amenitiesError={amenitiesFailed ? LOAD_AMENITIES_FAILED : undefined}
          submitLabel="Submit Venue"
          onCancel={onClose}
          onSubmitted={submitted}
        />
      ) : (
        <div className="flex items-center justify-center gap-3 py-16 text-muted">
          <Spinner label="Loading the form" /> Loading the form...
        </div>
      )}
    </Dialog>
  );
}
