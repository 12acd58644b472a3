import { isUuid } from "~/lib/uuid";
import {
  ArrowDown,
  ArrowLeft,
  ArrowUp,
  MessageCircleQuestion,
  Plus,
  Save,
  Trash2,
} from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { data, useBlocker, useFetcher } from "react-router";
import type { Route } from "./+types/venue-faqs";
import { keepWork } from "~/lib/failed-request";
import { formAction, type ActionContext } from "~/infra/action.server";
import { AdminPageHeader, EmptyState, Panel } from "~/components/back-office/page";
import { ConfirmDialog } from "~/components/back-office/confirm-dialog";
import { useOnSuccess } from "~/components/back-office/use-on-success";
import { useFaqOrder } from "~/components/back-office/use-faq-order";
import { EMPTY_FAQ, FaqFields, type FaqDraft } from "~/components/back-office/faq-fields";
import { FormError } from "~/components/forms/fields";
import { NO_ERRORS, useFieldErrors } from "~/components/forms/use-validated-form";
import { useToast } from "~/components/layout/use-toast";
import { Button, ButtonLink } from "~/components/ui/button";
import { IconButton } from "~/components/ui/icon-button";
import { parseForm } from "~/infra/form.server";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { adminMeta } from "~/lib/admin";
import { FAQ_BOTH_REQUIRED, faqFieldsSchema, faqIdSchema, faqMoveSchema } from "~/lib/validation/admin";
import type { FieldErrors, FormReply } from "~/lib/validation/form";
import { type Faq } from "~/lib/venue";
import { countLabel } from "~/lib/format";
import {
  addFaq,
  deleteFaq,
  getFaqVenue,
  listFaqs,
  moveFaq,
  updateFaq,
  VENUE_NOT_FOUND,
} from "~/services/faqs.server";
import { isFault } from "~/lib/refusal";

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data?.venue ? `FAQs for ${data.venue.name}` : "FAQs");

const message = (err: unknown) => (err instanceof Error ? err.message : "Unknown error");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const actor = expectUser(context);
  const notFound = () =>
    redirectWithToast(app, request, "/admin/venues", { type: "error", message: VENUE_NOT_FOUND });
  if (!isUuid(params.venueId)) throw await notFound();
  let venue;
  try {
    venue = await getFaqVenue(app.db, actor, params.venueId);
  } catch (err) {
    if (!isFault(err)) throw err;
    app.logger.error("FAQ page: venue failed to load", { error: String(err) });
    return { venue: null, faqs: [] as Faq[], error: `Error fetching venue: ${message(err)}` };
  }
  if (!venue) throw await notFound();
  try {
    return { venue, faqs: await listFaqs(app.db, venue.id), error: null };
  } catch (err) {
    if (!isFault(err)) throw err;
    app.logger.error("FAQ page: FAQs failed to load", { error: String(err) });
    return { venue, faqs: [] as Faq[], error: `Error fetching FAQs: ${message(err)}` };
  }
}

type Reply = FormReply & { faqId?: string };

const FAILURES = {
  add: "Failed to add FAQ",
  save: "Failed to update FAQ",
  move: "Failed to reorder FAQs",
  delete: "Failed to delete FAQ",
} as const;
const SUCCESSES = {
  add: "FAQ added successfully",
  save: "FAQ updated successfully",
  delete: "FAQ deleted successfully",
} as const;

type FaqIntent = keyof typeof FAILURES;
const isFaqIntent = (intent: string | undefined): intent is FaqIntent =>
  intent === "add" || intent === "save" || intent === "move" || intent === "delete";

/** The page's four FAQ forms, through the envelope (ADR 036). */
export const action = formAction({
  log: "FAQ change",
  failure: (ctx) => refuse(ctx, 500, "Unknown error"),
  run: async (ctx) => {
    if (!isFaqIntent(ctx.intent))
      return data<Reply>({ ok: false, toast: { type: "error", message: "Unknown action" } }, { status: 400 });
    if (!isUuid(ctx.params.venueId)) return refuse(ctx, 404, VENUE_NOT_FOUND);
    if (ctx.intent === "add" || ctx.intent === "save") return saveFaq(ctx, ctx.intent);
    return ctx.intent === "move" ? moveOne(ctx) : deleteOne(ctx);
  },
});

/** A refusal: the toast says the form's failure and why. */
function refuse({ intent, values }: ActionContext, status: number, reason: string, errors?: FieldErrors) {
  const title = intent === "save" && status >= 500 ? "Failed to save FAQ" : FAILURES[intent as FaqIntent];
  // 'Failed to save FAQ' when the save itself broke, 'Failed to update FAQ' when it was refused.
  const toast = { type: "error" as const, message: `${title}: ${reason}` };
  return data<Reply>({ ok: false, intent, faqId: values.faqId, errors, toast }, { status });
}

const saved = (intent: FaqIntent, faqId: string) =>
  data<Reply>({
    ok: true,
    intent,
    faqId,
    ...(intent === "move" ? {} : { toast: { type: "success", message: SUCCESSES[intent] } }),
  });

async function saveFaq(ctx: ActionContext, intent: "add" | "save") {
  const { app, actor, params, values } = ctx;
  const fields = await parseForm(values, faqFieldsSchema);
  if (!fields.ok) return refuse(ctx, 400, fields.errors.form ?? FAQ_BOTH_REQUIRED, fields.errors);
  if (intent === "add") {
    const r = await addFaq(app.db, actor, params.venueId, fields.data, "admin");
    return r.ok ? saved(intent, r.faq.id) : refuse(ctx, r.status, r.error);
  }
  const id = await parseForm(values, faqIdSchema);
  if (!id.ok) return refuse(ctx, 400, id.errors.faqId ?? "FAQ not found");
  const r = await updateFaq(app.db, actor, params.venueId, id.data.faqId, fields.data);
  return r.ok ? saved(intent, id.data.faqId) : refuse(ctx, r.status, r.error);
}

async function moveOne(ctx: ActionContext) {
  const move = await parseForm(ctx.values, faqMoveSchema);
  if (!move.ok) return refuse(ctx, 400, Object.values(move.errors)[0] ?? "Unknown error");
  const { faqId, direction } = move.data;
  const r = await moveFaq(ctx.app.db, ctx.actor, ctx.params.venueId, faqId, direction, "admin");
  return r.ok ? saved("move", faqId) : refuse(ctx, r.status, r.error);
}

async function deleteOne(ctx: ActionContext) {
  const id = await parseForm(ctx.values, faqIdSchema);
  if (!id.ok) return refuse(ctx, 400, id.errors.faqId ?? "FAQ not found");
  const r = await deleteFaq(ctx.app.db, ctx.actor, ctx.params.venueId, id.data.faqId);
  return r.ok ? saved("delete", id.data.faqId) : refuse(ctx, r.status, r.error);
}

export const clientAction = keepWork<Route.ClientActionArgs>(FAILURES, "Failed to save FAQ");

export default function VenueFaqs({ loaderData }: Route.ComponentProps) {
  const { venue, faqs, error } = loaderData;

  // The list as shown: the server's order, changed at once by a move (before it is saved).
  const { order, moving, move } = useFaqOrder(faqs, "admin", (faqId, direction) => ({
    intent: "move",
    faqId,
    direction,
  }));

  // Text edits are held here until that FAQ's 'Save Changes'.
  const [drafts, setDrafts] = useState<Record<string, FaqDraft>>({});
  const saved = new Map(faqs.map((f) => [f.id, f]));
  const isDirty = (id: string) => {
    const d = drafts[id];
    const s = saved.get(id);
    return !!d && !!s && (d.question !== s.question || d.answer !== s.answer);
  };
  const dirtyCount = order.filter((f) => isDirty(f.id)).length;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyCount > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (dirtyCount === 0) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirtyCount]);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <ButtonLink to="/admin/venues" variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Venues
      </ButtonLink>
      {venue ? (
        <AdminPageHeader
          title={`FAQs for ${venue.name}`}
          description="Questions couples ask, in the order shown on the venue's page."
        />
      ) : (
        <AdminPageHeader title="FAQs" />
      )}
      {error ? (
        <p role="alert" className="rounded-lg border border-danger/30 bg-red-50 px-4 py-3 text-danger">
          {error}
        </p>
      ) : null}

      {venue ? <AddFaq /> : null}

      {venue && !error ? (
        <section aria-labelledby="existing-faqs" className="space-y-4">
          <h2 id="existing-faqs" className="text-2xl">
            Existing FAQs
          </h2>
          {order.length === 0 ? (
            <Panel>
              <EmptyState
                icon={<MessageCircleQuestion className="h-10 w-10" aria-hidden="true" />}
                title="No FAQs have been added yet"
              >
                Add the first question above; it will appear on the venue's page.
              </EmptyState>
            </Panel>
          ) : (
            <ol className="space-y-4">
              {order.map((faq, i) => (
                <li key={faq.id}>
                  <FaqCard
                    faq={saved.get(faq.id) ?? faq}
                    number={i + 1}
                    first={i === 0}
                    last={i === order.length - 1}
                    moving={moving}
                    draft={drafts[faq.id]}
                    dirty={isDirty(faq.id)}
                    onDraft={(d) => setDrafts((all) => ({ ...all, [faq.id]: d }))}
                    onSaved={() =>
                      setDrafts((all) => {
                        const { [faq.id]: _, ...rest } = all;
                        return rest;
                      })
                    }
                    onMove={(direction) => move(faq.id, direction)}
                  />
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}

      <ConfirmDialog
        open={blocker.state === "blocked"}
        onClose={() => blocker.reset?.()}
        title="Unsaved Changes"
        confirmLabel="Leave Without Saving"
        onConfirm={() => blocker.proceed?.()}
      >
        <p>
          You have unsaved changes to {countLabel(dirtyCount, "FAQ", "FAQs")}. If you leave now, they will be
          lost.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function AddFaq() {
  const fetcher = useFetcher<typeof action>();
  const [draft, setDraft] = useState(EMPTY_FAQ);
  const form = useRef<HTMLFormElement>(null);
  useToast(fetcher.data?.toast);
  useOnSuccess(fetcher, () => {
    setDraft(EMPTY_FAQ);
  });
  const busy = fetcher.state !== "idle";
  const incomplete = draft.question.trim() === "" || draft.answer.trim() === "";
  const { errors, onChange } = useFieldErrors(
    fetcher.data && !fetcher.data.ok && fetcher.data.intent === "add"
      ? (fetcher.data.errors ?? NO_ERRORS)
      : NO_ERRORS,
  );
  return (
    <Panel className="p-6" labelledBy="add-faq">
      <h2 id="add-faq" className="text-2xl">
        Add New FAQ
      </h2>
      <fetcher.Form ref={form} method="post" noValidate className="mt-4 space-y-4" onChange={onChange}>
        <input type="hidden" name="intent" value="add" />
        <FormError message={errors.form} />
        <FaqFields
          named
          value={draft}
          onChange={setDraft}
          errors={errors}
          answerDescription={incomplete && (draft.question || draft.answer) ? FAQ_BOTH_REQUIRED : undefined}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={incomplete || busy} aria-busy={busy || undefined}>
            <Plus className="h-4 w-4" aria-hidden="true" /> {busy ? "Adding..." : "Add FAQ"}
          </Button>
        </div>
      </fetcher.Form>
    </Panel>
  );
}

function FaqCard({
  faq,
  number,
  first,
  last,
  moving,
  draft,
  dirty,
  onDraft,
  onSaved,
  onMove,
}: {
  faq: Faq;
  number: number;
  first: boolean;
  last: boolean;
  moving: boolean;
  draft: FaqDraft | undefined;
  dirty: boolean;
  onDraft: (d: FaqDraft) => void;
  onSaved: () => void;
  onMove: (direction: "up" | "down") => void;
}) {
  const saver = useFetcher<typeof action>();
  const remover = useFetcher<typeof action>();
  const [confirming, setConfirming] = useState(false);
  useToast(saver.data?.toast);
  useToast(remover.data?.toast);
  useOnSuccess(saver, onSaved);
  const value = draft ?? { question: faq.question, answer: faq.answer };
  const saving = saver.state !== "idle";
  const blank = value.question.trim() === "" || value.answer.trim() === "";
  const errors = saver.data && !saver.data.ok ? (saver.data.errors ?? {}) : {};
  const moves = [
    { direction: "up", Icon: ArrowUp, atEnd: first },
    { direction: "down", Icon: ArrowDown, atEnd: last },
  ] as const;
  return (
    <Panel className="p-6">
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-sans text-base font-semibold">
          Question #{number}
          {/* A space of its own, so the heading reads "Question #3 Unsaved changes". */}
          {dirty ? " " : null}
          {dirty ? <span className="ml-1 text-xs font-medium text-amber-800">Unsaved changes</span> : null}
        </h3>
        <div className="flex gap-1">
          {moves.map(({ direction, Icon, atEnd }) => (
            <IconButton
              key={direction}
              disabled={atEnd || moving}
              onClick={() => onMove(direction)}
              label={`Move question ${number} ${direction}`}
              title={`Move ${direction}`}
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
            </IconButton>
          ))}
          <IconButton
            tone="danger"
            onClick={() => setConfirming(true)}
            label={`Delete question ${number}`}
            title="Delete"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </IconButton>
        </div>
      </div>
      <div className="mt-3 space-y-3">
        <FormError message={errors.form} />
        <FaqFields value={value} onChange={onDraft} />
        <div className="flex justify-end">
          <Button
            size="sm"
            disabled={!dirty || blank || saving}
            aria-busy={saving || undefined}
            onClick={() =>
              void saver.submit(
                {
                  intent: "save",
                  faqId: faq.id,
                  question: value.question,
                  answer: value.answer,
                  displayOrder: String(faq.displayOrder),
                },
                { method: "post" },
              )
            }
          >
            <Save className="h-4 w-4" aria-hidden="true" /> {saving ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete FAQ"
        confirmLabel="Delete"
        busy={remover.state !== "idle"}
        onConfirm={() => {
          setConfirming(false);
          void remover.submit({ intent: "delete", faqId: faq.id }, { method: "post" });
        }}
      >
        <p>Are you sure you want to delete this FAQ? This cannot be undone.</p>
        <p className="font-medium break-words text-ink">{faq.question}</p>
      </ConfirmDialog>
    </Panel>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
