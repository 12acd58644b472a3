import path from "node:path";

/** Where the e2e server keeps its fresh data and where the SMTP catcher drops received mail. */
export const E2E_DATA_DIR = path.resolve("test-results/e2e-data");
export const E2E_MAIL_DIR = path.resolve("test-results/e2e-mail");
export const E2E_ADMIN = { email: "admin@e2e.example", password: "e2e-admin-password", name: "Erin Admin" };
export const E2E_MANAGER = { email: "manager@e2e.example", password: "e2e-manager-password", name: "Morgan Manager" };
