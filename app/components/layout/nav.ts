export const MAIN_NAV = [
  { to: "/", label: "Home" },
  { to: "/venues", label: "All Venues" },
  { to: "/categories", label: "Venue Types" },
  { to: "/favorites", label: "My Favorites" },
] as const;

export const ADMIN_NAV = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/venues", label: "Venues" },
  { to: "/admin/pending", label: "Pending Venues" },
  { to: "/admin/venue-categories", label: "Venue Types" },
  { to: "/admin/venue-amenities", label: "Amenities" },
  { to: "/admin/users", label: "Users" },
] as const;

export const FOOTER_NAV = {
  explore: [
    { to: "/venues", label: "All Venues" },
    { to: "/categories", label: "Categories" },
    { to: "/favorites", label: "My Favorites" },
  ],
  account: [{ to: "/account", label: "My Profile" }],
  legal: [
    { to: "/terms", label: "Terms of Service" },
    { to: "/privacy", label: "Privacy Policy" },
  ],
} as const;

export const MANAGER_DASHBOARD = "/venue-manager/dashboard";
