import { Plus, Sparkles } from "~/components/ui/icons";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/venue-amenities";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import {
  AdminPageHeader,
  EditDeleteButtons,
  EmptyState,
  LoadFailed,
  Panel,
} from "~/components/back-office/page";
import { ConfirmDialog } from "~/components/back-office/confirm-dialog";
import { useOnSuccess } from "~/components/back-office/use-on-success";
import { Field } from "~/components/forms/fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { keepValues } from "~/infra/form.server";
import { loggedAsNull } from "~/infra/logger.server";
import { expectUser, getApp } from "~/infra/session.server";
import { adminMeta, amenityMessages } from "~/lib/admin";
import { countLabel } from "~/lib/format";
import { AMENITY_NAME_MAX, amenityActionSchema, amenityNameSchema } from "~/lib/validation/admin";
import type { Toast } from "~/lib/toast";
import type { FormReply } from "~/lib/validation/form";
import {
  createAmenity,
  deleteAmenity,
  listAmenitiesForAdmin,
  renameAmenity,
  type AdminAmenity,
} from "~/services/amenities.server";

export const meta: Route.MetaFunction = () => adminMeta("Venue Amenities Management");

export async function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  const amenities = await listAmenitiesForAdmin(app.db, expectUser(context)).catch(
    loggedAsNull(app.logger, "amenities failed to load"),
  );
  return { amenities };
}

const AMENITY_FAILURES: Record<string, string> = {
  create: amenityMessages.addFailed,
  update: amenityMessages.updateFailed,
  delete: amenityMessages.deleteFailed,
};

/** The amenity forms, through the envelope (ADR 036). */
export const action = formAction({
  schema: amenityActionSchema,
  failures: AMENITY_FAILURES,
  invalid: ({ errors, values }, { reply }) =>
    reply<FormReply>({ ok: false, intent: values.intent, errors, values: keepValues(values) }, 400),
  log: "amenity change",
  failure: false,
  run: async ({ app, actor, input, values, title, attempt, reply }) => {
    const r = await attempt(
      () =>
        input.intent === "create"
          ? createAmenity(app.db, actor, input.name)
          : input.intent === "update"
            ? renameAmenity(app.db, actor, input.amenityId, input.name)
            : deleteAmenity(app.db, actor, input.amenityId),
      { ok: false as const, error: title, status: 500, field: undefined },
    );
    if (!r.ok) {
      const toast: Toast = r.field
        ? { type: "error", message: r.error }
        : { type: "error", message: title, description: r.error };
      const errors = { [r.field ?? "form"]: r.error };
      return reply<FormReply>(
        { ok: false, intent: input.intent, errors, values: keepValues(values), toast },
        r.status,
      );
    }
    const description = r.venues > 0 ? `${countLabel(r.venues, "venue", "venues")} updated` : undefined;
    const toast: Toast = { type: "unchanged" in r ? "info" : "success", message: r.message, description };
    return reply<FormReply>({ ok: true, intent: input.intent, toast });
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>(AMENITY_FAILURES, amenityMessages.updateFailed);

export default function Amenities({ loaderData }: Route.ComponentProps) {
  const { amenities } = loaderData;
  const [editing, setEditing] = useState<AdminAmenity | null>(null);
  const [deleting, setDeleting] = useState<AdminAmenity | null>(null);
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Venue Amenities Management"
        description="The amenities venues can offer. Renaming or deleting one changes every venue that lists it."
      />
      <AddAmenity />
      <Panel className="overflow-hidden">
        {amenities === null ? (
          <LoadFailed message={amenityMessages.loadFailed} />
        ) : amenities.length === 0 ? (
          <EmptyState icon={<Sparkles className="h-10 w-10" aria-hidden="true" />} title="No amenities yet">
            Add the first amenity above, such as WiFi or Parking.
          </EmptyState>
        ) : (
          <ul className="-mb-px grid lg:grid-cols-2" aria-label="Amenities">
            {amenities.map((a) => (
              <li
                key={a.id}
                className="flex items-center justify-between gap-4 border-b border-sand px-5 py-3 hover:bg-ivory lg:odd:border-r"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{a.name}</p>
                  <p className="text-xs text-muted">
                    {a.venueCount === 0 ? "No venues" : countLabel(a.venueCount, "venue", "venues")}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <EditDeleteButtons
                    name={a.name}
                    onEdit={() => setEditing(a)}
                    onDelete={() => setDeleting(a)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title="Edit Amenity"
        description="Update the name of the amenity."
      >
        {editing ? <EditAmenity key={editing.id} amenity={editing} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      {deleting ? (
        <DeleteAmenity key={deleting.id} amenity={deleting} onDone={() => setDeleting(null)} />
      ) : null}
    </div>
  );
}

/** 'Add Amenity': one trimmed name, disabled while empty. */
function AddAmenity() {
  const fetcher = useFetcher<FormReply>();
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState("");
  const { errors, onSubmit, onChange } = useValidatedForm(amenityNameSchema, fetcher.data);
  useToast(fetcher.data?.toast);
  useOnSuccess(fetcher, () => {
    setName("");
    form.current?.reset();
  });
  const busy = fetcher.state !== "idle";
  return (
    <Panel className="p-5">
      <fetcher.Form
        ref={form}
        method="post"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="flex flex-wrap items-start gap-3"
      >
        <input type="hidden" name="intent" value="create" />
        <Field
          label="New amenity"
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Enter amenity name"
          maxLength={AMENITY_NAME_MAX}
          autoComplete="off"
          className="min-w-60 flex-1"
          error={errors.name ?? errors.form}
        />
        <Button
          type="submit"
          className="mt-7"
          disabled={busy || name.trim() === ""}
          aria-busy={busy || undefined}
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> Add Amenity
        </Button>
      </fetcher.Form>
    </Panel>
  );
}

function EditAmenity({ amenity, onDone }: { amenity: AdminAmenity; onDone: () => void }) {
  const fetcher = useFetcher<FormReply>();
  const { errors, onSubmit, onChange } = useValidatedForm(amenityNameSchema, fetcher.data);
  useToast(fetcher.data?.toast);
  useOnSuccess(fetcher, onDone);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="amenityId" value={amenity.id} />
      <Field
        label="Name"
        name="name"
        defaultValue={amenity.name}
        placeholder="Enter amenity name"
        maxLength={AMENITY_NAME_MAX}
        autoComplete="off"
        error={errors.name ?? errors.form}
      />
      {amenity.venueCount > 0 ? (
        <p className="text-sm text-muted">
          The new name replaces the old one on {countLabel(amenity.venueCount, "venue", "venues")}.
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Updating..." : "Update"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function DeleteAmenity({ amenity, onDone }: { amenity: AdminAmenity; onDone: () => void }) {
  const fetcher = useFetcher<FormReply>();
  useToast(fetcher.data?.toast);
  useOnSuccess(fetcher, onDone);
  return (
    <ConfirmDialog
      open
      onClose={onDone}
      title="Are you sure?"
      confirmLabel="Delete"
      busy={fetcher.state !== "idle"}
      onConfirm={() => void fetcher.submit({ intent: "delete", amenityId: amenity.id }, { method: "post" })}
    >
      <p>
        This will permanently delete the amenity{" "}
        <strong className="break-words text-ink">{amenity.name}</strong>
        {amenity.venueCount > 0
          ? ` and remove it from ${countLabel(amenity.venueCount, "venue", "venues")}`
          : ""}
        . This action cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
