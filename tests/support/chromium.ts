/**
 * Debian's Chromium, which the browser journeys (playwright.config.ts) and the browser benches (lighthouse,
 * live-refresh) drive: CHROMIUM_PATH, or /usr/bin/chromium (scripts/ensure-chromium installs it).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
