// Source of truth for every table, one file per area. SQL migrations in ../migrations are
// generated from these files (`npm run db:generate`); hand-written SQL (triggers) lives in custom
// migrations next to them.
export * from "./accounts";
export * from "./directory";
export * from "./inquiries";
export * from "./insights";
export * from "./admin";
export * from "./availability";
export * from "./saved-searches";
export * from "./trust";
export * from "./privacy";
