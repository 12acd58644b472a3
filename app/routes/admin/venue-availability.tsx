// The admin's side of a venue's availability calendar (issue 24): the same page, loader and
// action as the venue manager's, for any venue (the service lets admins manage every venue).
export { action, default, ErrorBoundary, loader, meta } from "../manager/venue-availability";
