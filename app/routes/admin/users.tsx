import { Building2, KeyRound, Search, ShieldCheck, UserMinus } from "~/components/ui/icons";
import { useState, type ComponentProps } from "react";
import { data, Form, useFetcher, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/users";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import {
  AdminPageHeader,
  AdminTable,
  EmptyState,
  LoadFailed,
  Panel,
  RoleBadge,
  type AdminColumn,
} from "~/components/back-office/page";
import { ConfirmDialog } from "~/components/back-office/confirm-dialog";
import { useOnSuccess } from "~/components/back-office/use-on-success";
import { VenuePicker } from "~/components/admin/venue-picker";
import { inputClass } from "~/components/forms/fields";
import { UserAvatar } from "~/components/layout/user-avatar";
import { useSearchAsYouType } from "~/components/admin/use-search-as-you-type";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { IconButton } from "~/components/ui/icon-button";
import { Dialog } from "~/components/ui/dialog";
import { expectUser, getApp } from "~/infra/session.server";
import {
  adminMeta,
  adminSearchQuery,
  formatDate,
  ROLE_LABELS,
  userMessages,
  type AssignableVenue,
} from "~/lib/admin";
import { cn } from "~/lib/cn";
import { countLabel, formatNumber } from "~/lib/format";
import type { Toast } from "~/lib/toast";
import { userActionSchema } from "~/lib/validation/admin";
import {
  assignVenues,
  listUsers,
  promoteToAdmin,
  removeSpecialRoles,
  sendPasswordResetFor,
  type AdminUserRow,
} from "~/services/users.server";
import { isFault } from "~/lib/refusal";

export const meta: Route.MetaFunction = () => adminMeta("Users");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = adminSearchQuery(url.searchParams);
  const page = Number(url.searchParams.get("page")) || 1;
  const me = expectUser(context);
  const app = getApp(context);
  try {
    return { ...(await listUsers(app.db, me, { q, page })), q, meId: me.id, failed: false };
  } catch (err) {
    if (!isFault(err)) throw err;
    app.logger.error("users failed to load", { error: String(err) });
    // The spec's 'Failed to load users', with a Retry, inside the admin layout.
    return { users: [], total: 0, page: 1, pageCount: 1, q, meId: me.id, failed: true };
  }
}

const error = (message: string, status: number) =>
  data({ ok: false as const, toast: { type: "error", message } as Toast }, { status });
const success = (message: string, description?: string) => ({
  ok: true as const,
  toast: { type: "success", message, description } as Toast,
});

const USER_FAILURES: Record<string, string> = {
  promote: userMessages.roleFailed,
  "remove-roles": userMessages.roleFailed,
  assign: userMessages.assignmentsFailed,
  "reset-password": userMessages.resetFailed,
};

export const action = formAction({
  schema: userActionSchema,
  failures: USER_FAILURES,
  invalid: ({ errors }) => error(errors.userId ?? userMessages.roleFailed, 400),
  // Unexpected failures read as the spec's messages (the details go to the log).
  log: "admin user action",
  failure: false,
  run: async ({ app, actor, input, request, title, attempt }) => {
    const failing = { ok: false as const, error: title, status: 500 };
    switch (input.intent) {
      case "promote": {
        const r = await attempt(() => promoteToAdmin(app.db, actor, input.userId), failing);
        return r.ok ? success(userMessages.roleUpdated("admin")) : error(r.error, r.status);
      }
      case "remove-roles": {
        const r = await attempt(() => removeSpecialRoles(app.db, actor, input.userId), failing);
        return r.ok ? success(userMessages.roleUpdated("user")) : error(r.error, r.status);
      }
      case "assign": {
        const r = await attempt(() => assignVenues(app, actor, input.userId, input.venueIds), failing);
        if (!r.ok) return error(r.error, r.status);
        const changed = r.roleChanged ? userMessages.roleUpdated("venue_manager") : undefined;
        return success(userMessages.assignmentsUpdated, changed);
      }
      case "reset-password": {
        const r = await attempt(() => sendPasswordResetFor(app, actor, input.userId, request), failing);
        return r.ok ? success(userMessages.resetSent) : error(r.error, r.status);
      }
    }
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>(USER_FAILURES, userMessages.roleFailed);

type DialogKind = "promote" | "assign" | "remove-roles" | "reset-password";

const USER_COLUMNS: AdminColumn[] = [
  { label: "User" },
  { label: "Role" },
  { label: "Joined" },
  { label: "Actions", className: "text-right" },
];

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, total, page, pageCount, q, meId, failed } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const [open, setOpen] = useState<{ kind: DialogKind; user: AdminUserRow } | null>(null);
  const [assignment, setAssignment] = useState<AssignableVenue[]>([]);
  useToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";

  // A finished action closes its dialog (a refusal keeps it open, with the toast saying why).
  useOnSuccess(fetcher, () => setOpen(null));

  const send = (fields: Record<string, string>) => void fetcher.submit(fields, { method: "post" });
  const close = () => setOpen(null);
  const user = open?.user;
  // A row action's confirmation: it posts the action's intent with the user's id.
  const confirm = (
    kind: Exclude<DialogKind, "assign">,
    props: Omit<ComponentProps<typeof ConfirmDialog>, "open" | "onClose" | "busy" | "onConfirm">,
  ) => (
    <ConfirmDialog
      open={open?.kind === kind}
      onClose={close}
      busy={busy}
      onConfirm={() => user && send({ intent: kind, userId: user.id })}
      {...props}
    />
  );

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Users"
        description={[
          "Roles, venue assignments and password resets.",
          failed
            ? null
            : q
              ? `${countLabel(total, "user matches", "users match")} your search.`
              : `${countLabel(total, "user", "users")}.`,
        ]
          .filter(Boolean)
          .join(" ")}
      />
      <UserSearch q={q} />
      <Panel className="overflow-hidden">
        {failed ? (
          <LoadFailed message={userMessages.loadFailed} />
        ) : users.length === 0 ? (
          <EmptyState title={q ? "No users match your search" : "No users yet"}>
            {q ? "Try part of a name or an email address." : null}
          </EmptyState>
        ) : (
          <AdminTable
            label="User list"
            caption={
              <>
                Users, newest first{q ? `, matching “${q}”` : ""}: {total} in all
              </>
            }
            columns={USER_COLUMNS}
          >
            {users.map((u) => (
              <tr key={u.id} className="hover:bg-ivory">
                <td className="px-5 py-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <UserAvatar name={u.name} url={u.avatarUrl} size={36} />
                    <div className="min-w-0">
                      <p className="max-w-72 truncate font-medium" title={u.name}>
                        {u.name}
                        {u.id === meId ? <span className="ml-1 text-muted">(you)</span> : null}
                      </p>
                      <p className="max-w-72 truncate text-muted" title={u.email}>
                        {u.email}
                      </p>
                    </div>
                  </div>
                </td>
                <td className="px-5 py-3">
                  <RoleBadge role={u.role} label={ROLE_LABELS[u.role]} />
                  {u.venueCount > 0 ? (
                    <span className="ml-2 text-xs whitespace-nowrap text-muted">
                      {countLabel(u.venueCount, "venue", "venues")}
                    </span>
                  ) : null}
                </td>
                <td className="px-5 py-3 whitespace-nowrap text-ink-soft">
                  <time dateTime={u.createdAt}>{formatDate(u.createdAt)}</time>
                </td>
                <td className="px-5 py-3">
                  <div className="flex justify-end gap-1">
                    <RowAction
                      label={`Promote ${u.name} to admin`}
                      title="Promote to admin"
                      hidden={u.role === "admin"}
                      onClick={() => setOpen({ kind: "promote", user: u })}
                    >
                      <ShieldCheck className="h-4 w-4" aria-hidden="true" />
                    </RowAction>
                    <RowAction
                      label={`Assign venues to ${u.name}`}
                      title={u.role === "user" ? "Make venue manager" : "Assign venues"}
                      onClick={() => {
                        setAssignment([]);
                        setOpen({ kind: "assign", user: u });
                      }}
                    >
                      <Building2 className="h-4 w-4" aria-hidden="true" />
                    </RowAction>
                    <RowAction
                      label={`Remove special roles of ${u.name}`}
                      title="Remove special roles"
                      hidden={(u.role === "user" && u.venueCount === 0) || u.id === meId}
                      onClick={() => setOpen({ kind: "remove-roles", user: u })}
                    >
                      <UserMinus className="h-4 w-4" aria-hidden="true" />
                    </RowAction>
                    <RowAction
                      label={`Send a password reset email to ${u.name}`}
                      title="Send password reset email"
                      onClick={() => setOpen({ kind: "reset-password", user: u })}
                    >
                      <KeyRound className="h-4 w-4" aria-hidden="true" />
                    </RowAction>
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
        {pageCount > 1 ? <Pager page={page} pageCount={pageCount} q={q} total={total} /> : null}
      </Panel>

      {confirm("promote", {
        title: "Promote to Admin",
        confirmLabel: "Promote to Admin",
        danger: false,
        children: (
          <p>
            <strong className="break-words text-ink">{user?.name}</strong> ({user?.email}) will have full
            access to the admin area: venues, approvals, users and roles.
          </p>
        ),
      })}

      <Dialog
        open={open?.kind === "assign"}
        onClose={close}
        title={user?.role === "user" ? "Make Venue Manager" : "Assign Venues"}
        description={
          user
            ? `Choose the venues ${user.name} manages. Saving replaces their current venues${user.role === "admin" ? "; they stay an admin" : ""}.`
            : undefined
        }
        className="max-w-xl"
      >
        {user && open?.kind === "assign" ? (
          <VenuePicker key={user.id} userId={user.id} onChange={setAssignment} />
        ) : null}
        <div className="mt-6 flex items-center justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={busy || assignment.length === 0}
            aria-busy={busy || undefined}
            onClick={() =>
              user &&
              send({ intent: "assign", userId: user.id, venueIds: assignment.map((v) => v.id).join(",") })
            }
          >
            Save Assignments
          </Button>
        </div>
      </Dialog>

      {confirm("remove-roles", {
        title: "Remove Special Roles",
        confirmLabel: "Remove Roles",
        children: (
          <>
            <p>
              <strong className="break-words text-ink">{user?.name}</strong> will be a regular user again
              {user && user.venueCount > 0
                ? ` and will no longer manage ${user.venueCount === 1 ? "their venue" : `their ${formatNumber(user.venueCount)} venues`}`
                : ""}
              .
            </p>
            {user?.id === meId ? <p className="text-danger">{userMessages.ownAdmin}.</p> : null}
          </>
        ),
      })}

      {confirm("reset-password", {
        title: "Send Password Reset",
        confirmLabel: "Send Email",
        danger: false,
        children: (
          <p>
            Send a password reset email to <strong className="break-all text-ink">{user?.email}</strong>? The
            link in it works once and expires in one hour.
          </p>
        ),
      })}
    </div>
  );
}

/** A row's action, or an empty slot of its size where it does not apply (the columns stay aligned). */
function RowAction({ hidden, ...props }: ComponentProps<typeof IconButton> & { hidden?: boolean }) {
  if (hidden) return <span className="h-9 w-9" aria-hidden="true" />;
  return <IconButton {...props} />;
}

/** Search by name or email: filters as the admin types (and works as a plain GET form without JS). */
function UserSearch({ q }: { q: string }) {
  const search = useSearchAsYouType();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/users";
  return (
    <Form method="get" role="search" className="relative max-w-md" onSubmit={search.cancel}>
      <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted" aria-hidden="true" />
      <input
        type="search"
        name="q"
        defaultValue={q}
        maxLength={100}
        placeholder="Search by name or email"
        aria-label="Search users by name or email"
        className={cn(inputClass, "pl-9", searching && "opacity-70")}
        onChange={search.onChange}
      />
    </Form>
  );
}

function Pager({ page, pageCount, q, total }: { page: number; pageCount: number; q: string; total: number }) {
  const href = (p: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  const linkClass = "rounded-full border border-sand-dark px-4 py-1.5 hover:bg-cream";
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-between gap-4 border-t border-sand px-5 py-3 text-sm"
    >
      <span className="text-muted">
        Page {formatNumber(page)} of {formatNumber(pageCount)} ({countLabel(total, "user", "users")})
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link to={href(page - 1)} className={linkClass}>
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={href(page + 1)} className={linkClass}>
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
