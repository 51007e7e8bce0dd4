/**
 * The browser the tests drive: Debian's Chromium headless shell (package `chromium-headless-shell`),
 * the same engine without the full browser's UI, which Playwright itself uses for headless runs. On
 * CI's two cores the full `chromium` rendered its own top bar and ran its browser UI beside every
 * page: the same twelve tests took 115 s with it and 80 s with the shell. CHROMIUM_PATH overrides it.
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
