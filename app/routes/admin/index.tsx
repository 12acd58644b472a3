import { redirect } from "react-router";

// Bare /admin opens the dashboard (behind the layout's guard, like every admin route).
export function loader() {
  throw redirect("/admin/dashboard");
}
