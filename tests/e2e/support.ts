/**
 * Shared set-up of the browser tests: the site in dist/ (built once by the browser project's
 * globalSetup, tests/setup/site.ts), the static server of scripts/start.ts on a random loopback port,
 * and Debian's Chromium through playwright-core. Whether Chromium may be missing is decided by the
 * one input policy in tests/inputs.ts.
 *
 * A browser test file calls `useBrowserSite()` inside its suite: it starts the server and Chromium
 * before the suite's tests, closes both after them, and gives an `open(path)` that records every
 * uncaught exception and every console error except the one expected 404 (see `expectedConsoleError`);
 * those are asserted empty after the tests that ran (also under -t filtering). Pages opened otherwise
 * (a test that takes a server down on purpose) are not recorded.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { DIST, serve } from '../../scripts/start.ts';
import { launchChromium } from '../../scripts/browser.ts';
import type { ServeOptions } from '../../scripts/server.ts';

export const launch = launchChromium;

/** dist/, which the browser project's globalSetup has built. */
export async function ensureSite(): Promise<string> {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ is missing: browser tests run in the vitest "browser" project, whose globalSetup builds the site (npx vitest run --project browser)');
  return DIST;
}

export async function startServer(options: ServeOptions = {}): Promise<{ server: Server; url: string }> {
  return serve(await ensureSite(), 0, options);
}

/** Chromium's console message for a response with status 404. */
const NOT_FOUND = 'Failed to load resource: the server responded with a status of 404 (Not Found)';

/**
 * The one console error a page may show: Chromium's 404 message for an address that may not exist by
 * design, a page address (the not-found tests, the scripts' HEAD probes, pinned permalinks) or a rule's
 * history JSON under /api/ (the not-found page's probe). A 404 for any script, style, image or other
 * data file is an error.
 */
function expectedConsoleError(text: string, url: string): boolean {
  if (text !== NOT_FOUND) return false;
  const path = new URL(url).pathname;
  // Page addresses may end in a rule number (/en/CR702.19b): only a file type marks an asset.
  return !/\.(?:m?js|css|json|png|svg|ico|gif|woff2?|webmanifest|wasm|txt|xml|pagefind|pf_\w+)$/.test(path) || /^\/api\/[a-z]{2}\/history\/[^/]+\.json$/.test(path);
}

export interface BrowserSite {
  /** The served site, ending in `/`. */
  readonly base: string;
  readonly browser: Browser;
  /** Uncaught exceptions and unexpected console errors on the pages opened with `open`, as `path: message`. */
  readonly errors: string[];
  /**
   * Opens `path` in a new page (of `context`, or of a fresh default context), recording its errors;
   * with `ready`, waits until the site's script has started (`html[data-cr-ready]`).
   */
  open(path: string, options?: { context?: BrowserContext; ready?: boolean }): Promise<Page>;
}

/** Serves dist/ and launches Chromium around the calling suite (see the module comment). */
/** `options`: the server's (e.g. `{ shortAddresses: false }`: serve like a plain static host). */
export function useBrowserSite(options: ServeOptions = {}): BrowserSite {
  let server: Server | undefined;
  let base = '';
  let browser: Browser | undefined;
  const errors: string[] = [];
  beforeAll(async () => {
    ({ server, url: base } = await startServer(options));
    browser = await launch();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
    expect(errors).toEqual([]);
  });
  return {
    get base() {
      return base;
    },
    get browser() {
      if (!browser) throw new Error('useBrowserSite: the browser starts in beforeAll; use it inside a test or hook');
      return browser;
    },
    errors,
    async open(path, { context, ready = false } = {}) {
      const page = context ? await context.newPage() : await this.browser.newPage();
      page.on('pageerror', (e) => errors.push(`${path}: ${String(e)}`));
      page.on('console', (m) => {
        if (m.type() === 'error' && !expectedConsoleError(m.text(), m.location().url)) errors.push(`${path}: ${m.text()} (${m.location().url})`);
      });
      await page.goto(base + path.replace(/^\//, ''));
      if (ready) await page.waitForSelector('html[data-cr-ready]');
      return page;
    },
  };
}

/** The two screens the pages are checked on, as `npm run screenshots` photographs them. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/**
 * Declares `body`'s tests twice, in a block "on a phone" and one "on a desktop", each with its own browser context
 * of `site` (opened before the block's tests, closed after them): `ctx()` is that context.
 */
export function onPhoneAndDesktop(site: BrowserSite, body: (ctx: () => BrowserContext, options: BrowserContextOptions) => void): void {
  describe.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('on a %s', (_name, options) => {
    let ctx: BrowserContext | undefined;
    beforeAll(async () => {
      ctx = await site.browser.newContext(options);
    });
    afterAll(async () => ctx?.close());
    body(() => ctx!, options);
  });
}
