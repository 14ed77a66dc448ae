// How the browser tests start Debian's Chromium: headless, and without the
// background connections that this machine's closed network refuses.
import { chromium } from 'playwright-core';

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run',
    ],
  });
}
