import {
  ExternalLink,
  Heart,
  KeyRound,
  LayoutDashboard,
  LogOut,
  MapPin,
  Shield,
  UserRound,
} from "lucide-react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/account";
import { UserAvatar } from "~/components/layout/user-avatar";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { requireUser } from "~/infra/session.server";
import { cn } from "~/lib/cn";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import type { Toast } from "~/lib/toast";
import { changePasswordSchema, profileSchema } from "~/lib/validation/auth";
import { formValues, validate, type FieldErrors } from "~/lib/validation/form";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { venuePath } from "~/lib/venue-url";
import { changePassword, revokeOtherSessions, updateProfile } from "~/services/accounts.server";
import { listVenuesBySubmitter } from "~/services/venues.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(siteFromMatches(matches), { title: "My Account", noindex: true });

const TABS = ["settings", "password", "venues"] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const myVenues = await listVenuesBySubmitter(context.db, user.id);
  return { user, myVenues };
}

type ActionResult = {
  intent: string;
  errors?: FieldErrors;
  error?: string;
  toast?: Toast;
  emailChangeRequested?: boolean;
  values?: Record<string, string>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const values = formValues(await request.formData());
  const intent = values.intent ?? "";
  const reply = (body: Omit<ActionResult, "intent">, status = 200) =>
    data<ActionResult>({ intent, ...body }, { status });

  if (intent === "profile") {
    const parsed = validate(profileSchema, values);
    const kept = { name: values.name ?? "", email: values.email ?? "", avatarUrl: values.avatarUrl ?? "" };
    if (!parsed.ok) return reply({ errors: parsed.errors, values: kept }, 400);
    const result = await updateProfile(context, request, user, parsed.data);
    if (!result.ok)
      return reply(
        { error: result.error, values: kept, toast: { type: "error", message: result.error } },
        result.status,
      );
    return reply({
      emailChangeRequested: result.emailChangeRequested,
      toast: result.emailChangeRequested
        ? { type: "success", message: "Verification email sent. Please check your inbox." }
        : { type: "success", message: "Profile updated successfully" },
    });
  }
  if (intent === "password") {
    const parsed = validate(changePasswordSchema, values);
    if (!parsed.ok) return reply({ errors: parsed.errors }, 400);
    const result = await changePassword(context, request, parsed.data);
    if (!result.ok)
      return reply(
        {
          error: result.error,
          errors: result.error === "Current password is incorrect" ? { currentPassword: result.error } : {},
        },
        result.status,
      );
    return reply({ toast: { type: "success", message: "Password updated successfully" } });
  }
  if (intent === "revoke-sessions") {
    const result = await revokeOtherSessions(context, request);
    if (!result.ok) return reply({ toast: { type: "error", message: result.error } }, result.status);
    return reply({ toast: { type: "success", message: "All sessions have been cleared" } });
  }
  return reply({ error: "Unknown action" }, 400);
}

const sidebarLinkClass =
  "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-ink-soft hover:bg-cream hover:text-ink";

function SidebarLink({ tab, active, children }: { tab: Tab; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={`?tab=${tab}`}
      preventScrollReset
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium",
        active ? "bg-primary-soft text-primary" : "text-ink-soft hover:bg-cream hover:text-ink",
      )}
    >
      {children}
    </Link>
  );
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, myVenues } = loaderData;
  const [params] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get("tab")) ?? "settings";
  useToast(actionData?.toast);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl">My Account</h1>
      <div className="mt-8 grid gap-8 md:grid-cols-[260px_1fr]">
        <aside className="h-fit rounded-2xl border border-sand bg-white p-4 shadow-card">
          <div className="flex items-center gap-3 border-b border-sand px-2 pb-4">
            <UserAvatar name={user.name} url={user.avatarUrl} size={48} />
            <div className="min-w-0">
              <p className="truncate font-semibold">{user.name}</p>
              <p className="truncate text-sm text-muted">{user.email}</p>
              <div className="mt-1 flex flex-wrap gap-1">
                {user.role === "admin" ? (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-white">
                    Admin
                  </span>
                ) : null}
                {user.role === "venue_manager" ? (
                  <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-white">
                    Venue Manager
                  </span>
                ) : null}
              </div>
            </div>
          </div>
          <nav aria-label="Account" className="mt-3 space-y-1">
            <SidebarLink tab="settings" active={tab === "settings"}>
              <UserRound className="h-4 w-4" aria-hidden="true" /> Account Settings
            </SidebarLink>
            <SidebarLink tab="password" active={tab === "password"}>
              <KeyRound className="h-4 w-4" aria-hidden="true" /> Change Password
            </SidebarLink>
            <Link to="/favorites" className={sidebarLinkClass}>
              <Heart className="h-4 w-4" aria-hidden="true" /> Saved Venues
            </Link>
            <SidebarLink tab="venues" active={tab === "venues"}>
              <MapPin className="h-4 w-4" aria-hidden="true" /> My Venues
            </SidebarLink>
            {user.role === "admin" ? (
              <Link to="/admin/dashboard" className={sidebarLinkClass}>
                <Shield className="h-4 w-4" aria-hidden="true" /> Admin Dashboard
              </Link>
            ) : null}
            {user.role === "venue_manager" ? (
              <Link to="/venue-manager/dashboard" className={sidebarLinkClass}>
                <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> Venue Manager
              </Link>
            ) : null}
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-danger hover:bg-red-50"
              >
                <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
              </button>
            </Form>
          </nav>
        </aside>
        <section className="rounded-2xl border border-sand bg-white p-6 shadow-card sm:p-8">
          {tab === "settings" ? <ProfileSection user={user} actionData={actionData} /> : null}
          {tab === "password" ? (
            <PasswordSection key={actionData?.toast ? "done" : "form"} actionData={actionData} />
          ) : null}
          {tab === "venues" ? <MyVenues venues={myVenues} /> : null}
        </section>
      </div>
    </div>
  );
}

type SectionProps = { actionData: Route.ComponentProps["actionData"] };

function ProfileSection({
  user,
  actionData,
}: SectionProps & { user: Route.ComponentProps["loaderData"]["user"] }) {
  const navigation = useNavigation();
  const { clientErrors, onSubmit } = useClientValidation(profileSchema);
  const own = actionData?.intent === "profile" ? actionData : undefined;
  const errors = clientErrors ?? own?.errors ?? {};
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const values = own?.values;
  return (
    <>
      <h2 className="text-2xl">Account Settings</h2>
      {own?.emailChangeRequested ? (
        <div
          role="status"
          className="mt-4 rounded-lg border border-primary/30 bg-primary-soft p-4 text-sm text-primary-dark"
        >
          <p className="font-semibold">Verification email sent. Please check your inbox.</p>
          <p className="mt-1">
            Open the link we sent to your new address to confirm it. After verifying, you will need to log in
            again.
          </p>
        </div>
      ) : null}
      <Form method="post" noValidate className="mt-6 max-w-lg space-y-4" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="profile" />
        <FormError message={own?.error} />
        <Field
          label="Full Name"
          name="name"
          autoComplete="name"
          defaultValue={values?.name ?? user.name}
          error={errors.name}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values?.email ?? user.email}
          error={errors.email}
        />
        <Field
          label="Avatar URL"
          name="avatarUrl"
          type="url"
          placeholder="https://..."
          defaultValue={values?.avatarUrl ?? user.avatarUrl ?? ""}
          error={errors.avatarUrl}
        />
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Save Changes"}
        </Button>
      </Form>
      <div className="mt-10 border-t border-sand pt-6">
        <h3 className="font-sans text-base font-semibold">Sessions</h3>
        <p className="mt-1 text-sm text-muted">
          Signed in on another device you no longer use? End every session except this one.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="revoke-sessions" />
          <Button type="submit" variant="outline" size="sm">
            Sign out of all other sessions
          </Button>
        </Form>
      </div>
    </>
  );
}

function PasswordSection({ actionData }: SectionProps) {
  const navigation = useNavigation();
  const { clientErrors, onSubmit } = useClientValidation(changePasswordSchema);
  const own = actionData?.intent === "password" ? actionData : undefined;
  const errors = clientErrors ?? own?.errors ?? {};
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  return (
    <>
      <h2 className="text-2xl">Change Password</h2>
      <Form method="post" noValidate className="mt-6 max-w-lg space-y-4" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="password" />
        <FormError message={own?.error && !errors.currentPassword ? own.error : null} />
        <Field
          label="Current Password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <Field
          label="New Password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword}
        />
        <Field
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <Button type="submit" disabled={pending}>
          {pending ? "Updating..." : "Update Password"}
        </Button>
      </Form>
    </>
  );
}

function MyVenues({ venues }: { venues: Route.ComponentProps["loaderData"]["myVenues"] }) {
  return (
    <>
      <h2 className="text-2xl">My Venues</h2>
      {venues.length === 0 ? (
        <p className="mt-4 text-muted">You have not submitted any venues yet.</p>
      ) : (
        <ul className="mt-6 divide-y divide-sand">
          {venues.map((v) => (
            <li key={v.id} className="flex items-center justify-between gap-4 py-4">
              <div className="min-w-0">
                <a
                  href={venuePath(v)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
                >
                  {v.name} <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
                <p className="truncate text-sm text-muted">{v.location}</p>
              </div>
              <span
                className={cn(
                  "shrink-0 rounded-full px-2.5 py-1 text-xs font-medium",
                  v.isApproved ? "bg-primary-soft text-primary-dark" : "bg-amber-100 text-amber-900",
                )}
              >
                {v.isApproved ? "Approved" : "Pending approval"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
