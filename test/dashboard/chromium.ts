/**
 * Debian's Chromium for the dashboard tests, driven by playwright-core. Without it the tests are skipped, unless
 * PAYSANDBOX_REQUIRE_BROWSER is set (as .ci/run does).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.PAYSANDBOX_CHROMIUM ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);
if (!chromiumAvailable && process.env.PAYSANDBOX_REQUIRE_BROWSER) throw new Error(`Chromium is required at ${CHROMIUM} (apt-get install -y chromium)`);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
}
