import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  // Public site
  index("routes/public/home.tsx"),
  route("venues", "routes/public/venues.tsx"),
  route("venue/:slugId", "routes/public/venue.tsx"),
  route("venue/:slugId/inquiry", "routes/public/venue-inquiry.tsx"),
  route("venue/:slugId/claim", "routes/public/venue-claim.tsx"),
  route("claims/:claimId", "routes/public/claim-link.tsx"),
  route("categories", "routes/public/categories.tsx"),
  route("categories/:categoryId", "routes/public/category.tsx"),
  route("favorites", "routes/public/favorites.tsx"),
  route("compare", "routes/public/compare.tsx"),
  route("terms", "routes/public/terms.tsx"),
  route("privacy", "routes/public/privacy.tsx"),
  route("unsubscribe", "routes/public/unsubscribe.tsx"),
  route("saved-searches/new", "routes/public/save-search.tsx"),
  route("saved-searches/:act", "routes/public/saved-search-link.tsx"),

  // Accounts
  route("login", "routes/auth/login.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("auth/update-password", "routes/auth/update-password.tsx"),
  route("auth/email-changed", "routes/auth/email-changed.tsx"),
  route("account", "routes/account/layout.tsx", [
    index("routes/account/settings.tsx"),
    route("emails", "routes/account/emails.tsx"),
    route("password", "routes/account/password.tsx"),
    route("venues", "routes/account/venues.tsx"),
    route("venues/:venueId", "routes/account/submission.tsx"),
    route("inquiries", "routes/account/inquiries.tsx"),
    route("searches", "routes/account/searches.tsx"),
  ]),

  // Admin area: every child runs behind the layout's requireAdmin middleware
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("pending", "routes/admin/pending.tsx"),
    route("claims", "routes/admin/claims.tsx"),
    route("venues", "routes/admin/venues.tsx"),
    route("venues/import", "routes/admin/venues-import.ts"),
    route("venues/export.csv", "routes/admin/venues-export.ts"),
    route("venues/bulk", "routes/admin/venues-bulk.tsx"),
    route("venues/trash", "routes/admin/venues-trash.tsx"),
    route("imports/:importId/undo", "routes/admin/import-undo.tsx"),
    route("activity", "routes/admin/activity.tsx"),
    route("edit-venue/:venueId", "routes/admin/edit-venue.tsx"),
    route("edit-venue/:venueId/availability", "routes/admin/venue-availability.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("users/:userId/venues", "routes/admin/user-venues.ts"),
    route("venue-categories", "routes/admin/venue-categories.tsx"),
    route("venue-amenities", "routes/admin/venue-amenities.tsx"),
    route("venue-faqs", "routes/admin/venue-faqs-index.tsx"),
    route("venue-faqs/:venueId", "routes/admin/venue-faqs.tsx"),
  ]),

  // Venue-manager area: every child runs behind the layout's requireVenueManager middleware
  route("venue-manager", "routes/manager/layout.tsx", [
    index("routes/manager/index.tsx"),
    route("dashboard", "routes/manager/dashboard.tsx"),
    route("venues", "routes/manager/venues.tsx"),
    route("edit-venue/:venueId", "routes/manager/edit-venue.tsx"),
    route("edit-venue/:venueId/images", "routes/manager/venue-images.ts"),
    route("edit-venue/:venueId/availability", "routes/manager/venue-availability.tsx"),
    route("inquiries", "routes/manager/inquiries.tsx"),
    route("inquiries/export.csv", "routes/manager/inquiries-export.ts"),
    route("inquiries/:inquiryId", "routes/manager/inquiry.tsx"),
  ]),

  // Resources (no UI)
  route("healthz", "routes/resources/healthz.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("sitemap/:file", "routes/resources/sitemap-file.ts"),
  route("api/venues/map", "routes/resources/venues-map.ts"),
  route("api/favorites", "routes/resources/favorites.ts"),
  route("api/venue-submissions", "routes/resources/venue-submissions.ts"),
  route("out/:venueId", "routes/resources/out.ts"),
  route("calendar/:file", "routes/resources/calendar-feed.ts"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
