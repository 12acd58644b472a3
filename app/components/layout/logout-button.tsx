import { LoaderCircle, LogOut } from "~/components/ui/icons";
import { Form, useNavigation } from "react-router";

/** Logout as a POST to /logout, busy (spinner, disabled) while that request is on its way. */
export function LogoutButton({ className, formClassName }: { className: string; formClassName?: string }) {
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  return (
    <Form method="post" action="/logout" className={formClassName}>
      <button type="submit" disabled={loggingOut} aria-busy={loggingOut || undefined} className={className}>
        {loggingOut ? (
          <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <LogOut className="h-4 w-4" aria-hidden="true" />
        )}
        Logout
      </button>
    </Form>
  );
}
