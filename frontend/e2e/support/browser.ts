import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from './e2e-env.js';

/** Debian's Chromium, headless; the flags keep it off the (closed) network and quick to start. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    timeout: 30_000,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
