/**
 * Debian's Chromium for the dashboard tests, driven by playwright-core. Without it the tests are skipped, unless
 * PAYSANDBOX_REQUIRE_BROWSER is set (as .ci/run does).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.PAYSANDBOX_CHROMIUM ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);
if (!chromiumAvailable && process.env.PAYSANDBOX_REQUIRE_BROWSER) throw new Error(`Chromium is required at ${CHROMIUM} (apt-get install -y chromium)`);

function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for every file a test worker runs (a launch costs about a second of CPU); each test still opens its
 * pages in a context of its own. It goes with the worker: playwright kills the browsers it launched as their
 * process exits.
 */
export function sharedChromium(): Promise<Browser> {
  if (!shared) {
    const launched = launchChromium();
    shared = launched;
    launched.then(
      (browser) => {
        browser.on('disconnected', () => {
          if (shared === launched) shared = undefined;
        });
      },
      () => {
        if (shared === launched) shared = undefined;
      },
    );
  }
  return shared;
}
