import { isUuid } from "~/lib/uuid";
import { ImageIcon, Plus, Shapes } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/venue-categories";
import { keepWork } from "~/lib/failed-request";
import { formAction, type ActionContext } from "~/infra/action.server";
import {
  AdminPageHeader,
  AdminTable,
  EditDeleteButtons,
  EmptyState,
  Panel,
  type AdminColumn,
} from "~/components/back-office/page";
import { useOnSuccess } from "~/components/back-office/use-on-success";
import { Field, FormError, SelectField, TextareaField } from "~/components/forms/fields";
import { NO_ERRORS, useFieldErrors } from "~/components/forms/use-validated-form";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { VenueImage } from "~/components/venue/venue-image";
import { keepValues } from "~/infra/form.server";
import { expectUser, getApp } from "~/infra/session.server";
import { adminMeta, categoryMessages } from "~/lib/admin";
import { countLabel } from "~/lib/format";
import { IMAGE_ACCEPT } from "~/lib/uploads";
import {
  categoryDeleteSchema,
  categoryFieldsSchema,
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
} from "~/lib/validation/admin";
import { validate, type FormReply } from "~/lib/validation/form";
import {
  createCategory,
  deleteCategory,
  listCategoriesForAdmin,
  readCategoryForm,
  updateCategory,
  type AdminCategory,
} from "~/services/categories.server";

export const meta: Route.MetaFunction = () => adminMeta("Venue Types");

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await listCategoriesForAdmin(getApp(context).db, expectUser(context)) };
}

type Reply = FormReply & { inUse?: number };

const refuse = (status: number, reply: Omit<Reply, "ok">) => data<Reply>({ ok: false, ...reply }, { status });

const CATEGORY_FAILURES: Record<string, string> = {
  create: categoryMessages.addFailed,
  update: categoryMessages.updateFailed,
  delete: categoryMessages.deleteFailed,
};

/** The venue type forms (with the image, read by the service), through the envelope (ADR 036). */
export const action = formAction({
  body: "none",
  log: "venue type change",
  failure: false,
  run: async (ctx) => {
    const form = await readCategoryForm(ctx.request);
    if (!form.ok)
      return refuse(form.status, {
        errors: { [form.field ?? "form"]: form.error },
        toast: { type: "error", message: form.error },
      });
    const { values, image } = form;
    if (values.intent === "delete") return removeCategory(ctx, values);
    if (values.intent !== "create" && values.intent !== "update")
      return refuse(400, { toast: { type: "error", message: "Unknown action" } });
    return saveCategory(ctx, values.intent, values, image);
  },
});

/** A refusal of the service as the form shows it: on its field, or as the toast. */
const refusedBy = (r: { status: number; error: string; field?: string }, more: Omit<Reply, "ok">) =>
  refuse(r.status, { ...more, errors: { [r.field ?? "form"]: r.error } });

async function removeCategory({ app, actor, attempt }: ActionContext, values: Record<string, string>) {
  const intent = "delete";
  const parsed = validate(categoryDeleteSchema, values);
  if (!parsed.ok)
    return refuse(400, { intent, errors: parsed.errors, toast: { type: "error", message: parsed.message } });
  const { categoryId, moveTo } = parsed.data;
  const r = await attempt(
    () => deleteCategory(app, actor, categoryId, moveTo || null),
    faultOf(categoryMessages.deleteFailed),
    intent,
  );
  if (!r.ok)
    return refusedBy(r, {
      intent,
      toast: { type: "error", message: r.error },
      inUse: "inUse" in r ? r.inUse : undefined,
    });
  return data<Reply>({
    ok: true,
    intent,
    toast: { type: "success", message: r.message, description: r.description },
  });
}

async function saveCategory(
  { app, actor, attempt }: ActionContext,
  intent: "create" | "update",
  values: Record<string, string>,
  image: Parameters<typeof createCategory>[3],
) {
  const parsed = validate(categoryFieldsSchema, values);
  if (!parsed.ok) return refuse(400, { intent, errors: parsed.errors, values: keepValues(values) });
  const input = { name: parsed.data.name, description: parsed.data.description };
  if (intent === "update" && !isUuid(values.categoryId))
    return refuse(404, { intent, toast: { type: "error", message: categoryMessages.notFound } });
  const r = await attempt(
    () =>
      intent === "create"
        ? createCategory(app, actor, input, image)
        : updateCategory(
            app,
            actor,
            values.categoryId!,
            { ...input, removeImage: parsed.data.removeImage === "on" },
            image,
          ),
    faultOf(CATEGORY_FAILURES[intent]!),
    intent,
  );
  if (!r.ok)
    return refusedBy(r, {
      intent,
      values: keepValues(values),
      toast: r.field ? undefined : { type: "error", message: r.error },
    });
  return data<Reply>({ ok: true, intent, toast: { type: "success", message: r.message } });
}

/** A fault of the service, answered as its own refusal would be (500, the intent's message). */
const faultOf = (message: string) => ({ ok: false as const, error: message, status: 500, field: undefined });

export const clientAction = keepWork<Route.ClientActionArgs>(
  CATEGORY_FAILURES,
  categoryMessages.updateFailed,
);

type Open = { kind: "create" } | { kind: "edit" | "delete"; category: AdminCategory } | null;

const TYPE_COLUMNS: AdminColumn[] = [
  { label: "Image", className: "w-36" },
  { label: "Name" },
  { label: "Description" },
  { label: "Actions", className: "text-right" },
];

export default function VenueTypes({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Venue Types"
        description="The types couples browse by. Each type has one image."
        actions={
          <Button onClick={() => setOpen({ kind: "create" })}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Venue Type
          </Button>
        }
      />
      <Panel className="overflow-hidden">
        {categories.length === 0 ? (
          <EmptyState icon={<Shapes className="h-10 w-10" aria-hidden="true" />} title="No venue types yet">
            Add the first venue type, such as Mountain or Barn & Ranch.
          </EmptyState>
        ) : (
          <AdminTable label="Venue type list" caption="Venue types by name" columns={TYPE_COLUMNS}>
            {categories.map((c) => (
              <tr key={c.id} className="hover:bg-ivory">
                <td className="px-5 py-3">
                  <TypeImage url={c.imageUrl} />
                </td>
                <td className="px-5 py-3">
                  <p className="font-medium break-words">{c.name}</p>
                  <p className="text-xs text-muted">{countLabel(c.venueCount, "venue", "venues")}</p>
                </td>
                <td className="max-w-md px-5 py-3 text-ink-soft">
                  <p className="line-clamp-2 break-words">{c.description || "—"}</p>
                </td>
                <td className="px-5 py-3">
                  <div className="flex justify-end gap-1">
                    <EditDeleteButtons
                      name={c.name}
                      onEdit={() => setOpen({ kind: "edit", category: c })}
                      onDelete={() => setOpen({ kind: "delete", category: c })}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>

      <Dialog
        open={open?.kind === "create" || open?.kind === "edit"}
        onClose={close}
        title={open?.kind === "edit" ? "Edit Venue Type" : "Add Venue Type"}
        className="max-w-lg"
      >
        {open?.kind === "create" ? <TypeForm key="create" onDone={close} /> : null}
        {open?.kind === "edit" ? (
          <TypeForm key={open.category.id} category={open.category} onDone={close} />
        ) : null}
      </Dialog>

      <Dialog open={open?.kind === "delete"} onClose={close} title="Delete Venue Type">
        {open?.kind === "delete" ? (
          <DeleteType key={open.category.id} category={open.category} others={categories} onDone={close} />
        ) : null}
      </Dialog>
    </div>
  );
}

function TypeImage({ url }: { url: string | null }) {
  return url ? (
    <VenueImage src={url} width={96} className="h-16 w-24 rounded-lg object-cover" />
  ) : (
    <span className="flex h-16 w-24 items-center justify-center rounded-lg bg-cream text-muted">
      <ImageIcon className="h-5 w-5" aria-hidden="true" />
      <span className="sr-only">No image</span>
    </span>
  );
}

function TypeForm({ category, onDone }: { category?: AdminCategory; onDone: () => void }) {
  const fetcher = useFetcher<Reply>();
  const [name, setName] = useState(category?.name ?? "");
  const [touched, setTouched] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  useToast(fetcher.data?.toast);
  useOnSuccess(fetcher, onDone);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const { errors, onChange } = useFieldErrors(
    fetcher.data?.ok === false ? (fetcher.data.errors ?? NO_ERRORS) : NO_ERRORS,
  );
  const busy = fetcher.state !== "idle";
  const blank = name.trim() === "";
  const current = removeImage ? null : (preview ?? category?.imageUrl ?? null);
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      className="mt-4 space-y-4"
      noValidate
      onChange={onChange}
    >
      <input type="hidden" name="intent" value={category ? "update" : "create"} />
      {category ? <input type="hidden" name="categoryId" value={category.id} /> : null}
      <FormError message={errors.form} />
      <Field
        label="Name"
        name="name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setTouched(true);
        }}
        maxLength={CATEGORY_NAME_MAX}
        required
        autoComplete="off"
        error={errors.name ?? (blank && touched ? "Name is required" : null)}
      />
      <TextareaField
        label="Description"
        name="description"
        rows={4}
        defaultValue={category?.description ?? ""}
        maxLength={CATEGORY_DESCRIPTION_MAX}
        error={errors.description}
      />
      <div className="space-y-2">
        <p className="text-sm font-medium">Image</p>
        <div className="flex items-center gap-4">
          {current ? (
            preview ? (
              <img
                src={preview}
                alt=""
                width={96}
                height={64}
                className="h-16 w-24 rounded-lg object-cover"
              />
            ) : (
              <TypeImage url={current} />
            )
          ) : (
            <TypeImage url={null} />
          )}
          <div className="min-w-0 space-y-2 text-sm">
            <label className="block">
              <span className="sr-only">Image file</span>
              <input
                type="file"
                name="image"
                accept={IMAGE_ACCEPT}
                aria-describedby="type-image-help"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  setPreview(file ? URL.createObjectURL(file) : null);
                  if (file) setRemoveImage(false);
                }}
                className="block w-full text-sm file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-cream file:px-4 file:py-2 file:text-sm file:font-medium hover:file:bg-sand"
              />
            </label>
            {category?.imageUrl && !preview ? (
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="removeImage"
                  checked={removeImage}
                  onChange={(e) => setRemoveImage(e.target.checked)}
                  className="h-4 w-4 accent-primary"
                />
                Remove the current image
              </label>
            ) : null}
          </div>
        </div>
        <p id="type-image-help" className="text-xs text-muted">
          One image: JPEG, PNG, GIF or WebP, up to 5 MB. A new image replaces the current one.
        </p>
        {errors.image ? (
          <p role="alert" className="text-sm text-danger">
            {errors.image}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={blank || busy} aria-busy={busy || undefined}>
          {category ? (busy ? "Saving..." : "Save") : busy ? "Adding..." : "Add"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function DeleteType({
  category,
  others,
  onDone,
}: {
  category: AdminCategory;
  others: AdminCategory[];
  onDone: () => void;
}) {
  const fetcher = useFetcher<Reply>();
  useToast(fetcher.data?.toast);
  useOnSuccess(fetcher, onDone);
  const busy = fetcher.state !== "idle";
  // The server's count wins when it differs from the page's (a venue added meanwhile).
  const used = (fetcher.data?.ok === false ? fetcher.data.inUse : undefined) ?? category.venueCount;
  const targets = others.filter((o) => o.id !== category.id);
  const [moveTo, setMoveTo] = useState("");
  return (
    <fetcher.Form method="post" encType="multipart/form-data" className="mt-3 space-y-4">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="categoryId" value={category.id} />
      <p className="text-ink-soft">
        Are you sure you want to delete <strong className="break-words text-ink">{category.name}</strong>?
        This cannot be undone.
      </p>
      {used > 0 ? (
        <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium text-amber-900">
            {countLabel(used, "venue uses", "venues use")} this venue type. Choose another type to move{" "}
            {used === 1 ? "it" : "them"} to, or cancel to keep the type.
          </p>
          {targets.length > 0 ? (
            <SelectField
              label="Move the venues to"
              name="moveTo"
              value={moveTo}
              onChange={(e) => setMoveTo(e.target.value)}
              placeholder="Choose a venue type"
              options={targets.map((t) => ({ value: t.id, label: t.name }))}
              error={fetcher.data?.errors?.moveTo}
            />
          ) : (
            <p>There is no other venue type to move them to: add one first.</p>
          )}
        </div>
      ) : (
        <input type="hidden" name="moveTo" value="" />
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="danger"
          disabled={busy || (used > 0 && !moveTo)}
          aria-busy={busy || undefined}
        >
          {used > 0 ? "Move Venues and Delete" : "Delete"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
