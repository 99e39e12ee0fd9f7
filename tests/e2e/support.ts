/**
 * Shared set-up of the browser tests: the site in dist/ (built once by the browser project's
 * globalSetup, tests/setup/site.ts), the static server of scripts/start.ts on a random loopback port,
 * and Debian's Chromium through playwright-core. Whether Chromium may be missing is decided by the
 * one input policy in tests/inputs.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { DIST, serve } from '../../scripts/start.ts';
import { launchChromium } from '../../scripts/browser.ts';

export const launch = launchChromium;

/** dist/, which the browser project's globalSetup has built. */
export async function ensureSite(): Promise<string> {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ is missing: browser tests run in the vitest "browser" project, whose globalSetup builds the site (npx vitest run --project browser)');
  return DIST;
}

export async function startServer(): Promise<{ server: Server; url: string }> {
  return serve(await ensureSite(), 0);
}
