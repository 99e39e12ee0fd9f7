/**
 * The compare page's first view for `npm run bench -- compare` (issue 24's target: ≤ 150 KB and ≤ 1.5 s on the
 * review's slow phone): three pairs of editions on /en/changes/compare/, in Chromium under that profile (150 ms a
 * request, 1.6 Mbit/s down, CPU ×4, through the DevTools protocol), the bytes on the wire (every response of the
 * page, compressed as sent) and the time from the navigation's start to the first view on screen (counts and groups:
 * `html[data-first-view-at]`, the page's own clock, set after the frame that drew it), then to the opened sections
 * filled (`html[data-compared]`). Median of 3. The bench waits through the DevTools protocol (Runtime.evaluate of a
 * promise), not Playwright's waitForFunction, whose injected script runs on the page's main thread and delayed the view
 * it measured (about 40 ms of script on this profile). The bench's own clock (navigation requested → seen) is shown too.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { median, table } from '../stats.ts';
import { DIST, serve } from '../start.ts';
import { hasChromium, launchChromium } from '../browser.ts';
import type { CDPSession } from 'playwright-core';

const PAIRS: [string, string][] = [['2025-11-14', '2026-01-16'], ['2019-01-25', '2026-01-16'], ['2009-09-04', '2026-01-16']];
const KB = (n: number) => `${(n / 1024).toFixed(0)} KB`;

/** The page's `html[data-NAME]` once it is set, read through the DevTools protocol (the page's main world). */
async function pageValue(cdp: CDPSession, name: string): Promise<string> {
  const expression = `new Promise((ok) => { const d = document.documentElement.dataset; const seen = () => d[${JSON.stringify(name)}] !== undefined;
    if (seen()) return ok(d[${JSON.stringify(name)}]);
    new MutationObserver((_, o) => { if (seen()) { o.disconnect(); ok(d[${JSON.stringify(name)}]); } }).observe(document.documentElement, { attributes: true }); })`;
  const r = (await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })) as { result: { value: string }; exceptionDetails?: unknown };
  if (r.exceptionDetails) throw new Error(`compare bench: reading data-${name} failed: ${JSON.stringify(r.exceptionDetails)}`);
  return r.result.value;
}

export async function benchCompare(): Promise<string> {
  const title = 'Compare page, first view on the slow phone (150 ms/request, 1.6 Mbit/s, CPU ×4; median of 3, cold cache)';
  if (!hasChromium || !existsSync(join(DIST, 'en/changes/compare/index.html'))) return `${title}\nn/a (no dist/ or Chromium)`;
  const { server, url } = await serve();
  const browser = await launchChromium();
  const rows: (string | number)[][] = [];
  try {
    for (const [a, z] of PAIRS) {
      const bytes: number[] = [];
      const times: number[] = [];
      const filledBytes: number[] = [];
      const filledTimes: number[] = [];
      const wall: number[] = [];
      for (let i = 0; i < 3; i++) {
        const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
        const page = await ctx.newPage();
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        let sum = 0;
        cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (sum += e.encodedDataLength));
        const started = performance.now();
        await page.goto(`${url}/en/changes/compare/?old=${a}&new=${z}`, { waitUntil: 'domcontentloaded' });
        const at = Number(await pageValue(cdp, 'firstViewAt'));
        wall.push(performance.now() - started);
        times.push(at);
        bytes.push(sum);
        await pageValue(cdp, 'compared');
        filledTimes.push(performance.now() - started);
        filledBytes.push(sum);
        await ctx.close();
      }
      rows.push([`${a} → ${z}`, KB(median(bytes)), (median(times) / 1000).toFixed(2), (median(wall) / 1000).toFixed(2), KB(median(filledBytes)), (median(filledTimes) / 1000).toFixed(2)]);
    }
  } finally {
    await browser.close();
    server.close();
  }
  return `${title}\n${table(['pair', 'first view: bytes on the wire', 'seconds (page clock)', 'seconds (bench clock)', 'opened sections filled: bytes', 'seconds (bench clock)'], rows)}`;
}
