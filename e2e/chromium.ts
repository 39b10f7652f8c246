/**
 * Flags Chromium needs as root on a closed network. One list for the end-to-end tests
 * (playwright.config.ts) and the bench's browser figures, so both measure the same browser.
 */
export const CHROMIUM_ARGS: string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
