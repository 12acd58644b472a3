/** The browser the end-to-end tests drive: CHROMIUM_PATH, or Debian's headless shell. */
export const CHROMIUM_PACKAGE = "chromium-headless-shell";
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? `/usr/bin/${CHROMIUM_PACKAGE}`;
