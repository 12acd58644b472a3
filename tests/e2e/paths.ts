import path from "node:path";
import { E2E_PORT } from "../../playwright.config";

/** Where the e2e server keeps its fresh data and the SMTP catcher drops received mail (per port,
 *  so two runs on different E2E_PORTs do not collide). */
export const E2E_DATA_DIR = path.resolve(`test-results/e2e-data-${E2E_PORT}`);
export const E2E_MAIL_DIR = path.resolve(`test-results/e2e-mail-${E2E_PORT}`);
/** With TEST_DATABASE_URL, the e2e server's database on that PostgreSQL (tests/e2e/serve.ts). */
export const E2E_DATABASE = `vv_e2e_${E2E_PORT}`;
/** The blank map tile the e2e server serves from its uploads folder for every tile address. */
export const E2E_MAP_TILE = "e2e-map-tile.png";
/** Everything the e2e server writes to stderr (warnings, errors), checked after the run. */
export const E2E_SERVER_LOG = path.resolve(`test-results/e2e-server-${E2E_PORT}.log`);
export const E2E_ADMIN = { email: "admin@e2e.example", password: "e2e-admin-password", name: "Erin Admin" };
export const E2E_MANAGER = {
  email: "manager@e2e.example",
  password: "e2e-manager-password",
  name: "Morgan Manager",
};
/** The e2e server's address, the origin every form post sends. */
export const ORIGIN = `http://localhost:${E2E_PORT}`;
/** Where the specs leave their screenshots. */
export const SCREENS = path.resolve("test-results/screens");
/** The widths most back-office screens are checked at: a desktop and a phone. */
export const WIDTHS = [1280, 390] as const;
