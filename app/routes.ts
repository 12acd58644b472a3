import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  // Public site
  index("routes/public/home.tsx"),
  route("venue/:slugId", "routes/public/venue.tsx"),
  route("categories", "routes/public/categories.tsx"),
  route("categories/:categoryId", "routes/public/category.tsx"),
  route("favorites", "routes/public/favorites.tsx"),
  route("terms", "routes/public/terms.tsx"),
  route("privacy", "routes/public/privacy.tsx"),

  // Accounts
  route("login", "routes/auth/login.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("auth/update-password", "routes/auth/update-password.tsx"),
  route("auth/email-changed", "routes/auth/email-changed.tsx"),
  route("account", "routes/account/account.tsx"),

  // Resources (no UI)
  route("healthz", "routes/resources/healthz.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("api/favorites", "routes/resources/favorites.ts"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
