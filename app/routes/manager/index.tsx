import { redirect } from "react-router";

// Bare /venue-manager opens the dashboard (issue 13), behind the layout's guard.
export function loader() {
  throw redirect("/venue-manager/dashboard");
}
