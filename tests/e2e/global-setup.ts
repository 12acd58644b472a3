import fs from "node:fs";
import path from "node:path";
import { startMailCatcher } from "../setup/mail-catcher";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { E2E_MAIL_DIR } from "./paths";

/** A real SMTP server for the browser tests; each message lands in E2E_MAIL_DIR as JSON. */
export default async function globalSetup() {
  fs.rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_MAIL_DIR, { recursive: true });
  const catcher = await startMailCatcher({
    port: E2E_SMTP_PORT,
    onMail: (mail) => {
      const file = path.join(E2E_MAIL_DIR, `${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
      // Written whole, then named: a test reading the folder never sees half a message.
      fs.writeFileSync(`${file}.part`, JSON.stringify(mail));
      fs.renameSync(`${file}.part`, file);
    },
  });
  return () => catcher.close();
}
