/**
 * Lighthouse table for `npm run bench` (npm `lighthouse` 12, driving Debian's Chromium through its
 * remote-debugging port): Performance, Accessibility, Best practices and SEO (target ≥ 95 each), with
 * LCP, TBT and CLS, on a phone (Lighthouse's mobile emulation, throttled) and a desktop, for the root,
 * a section page per language, the glossary index and its largest group page (/ja/glossary/ka/, 115
 * entries), the search page, and the changes pages in Japanese and Korean (the compare page from its outline).
 * Measured numbers, never asserted.
 * Serves the existing dist/ (run `npm run build` first). Each row is the median of LH_RUNS runs
 * (default 3: one run's Performance moves by several points on a busy machine; LH_RUNS=1 for a quick
 * look); LH_PAGES=/en/702/,/ja/702/ measures only those pages.
 */
import { createServer } from 'node:net';
import { sep } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../browser.ts';
import { median, table } from '../stats.ts';
import { DIST, serve } from '../start.ts';

export const LIGHTHOUSE_PAGES = ['/', '/en/702/', '/ja/702/', '/ko/702/', '/en/glossary/', '/ja/glossary/ka/', '/en/search/', '/ja/changes/', '/ko/changes/compare/', '/ja/history/?n=702.19b'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

interface Row {
  page: string;
  form: 'mobile' | 'desktop';
  scores: number[];
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
  /** Runs whose metrics Lighthouse did not return (NaN), with its error code when it gave one. */
  noMetrics: string[];
}

/** The median of the values Lighthouse returned (a run without metrics is left out, and said in the notes). */
const measured = (xs: number[]) => {
  const finite = xs.filter(Number.isFinite);
  return finite.length ? median(finite) : NaN;
};

export async function benchLighthouse(): Promise<string> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const { chromium } = await import('playwright-core');
  const { server, url } = await serve(DIST, 0);
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  const runs = Math.max(1, Math.floor(Number(process.env['LH_RUNS'] ?? 3)) || 3);
  const rows: Row[] = [];
  try {
    for (const form of ['mobile', 'desktop'] as const) {
      for (const page of process.env['LH_PAGES']?.split(',') ?? LIGHTHOUSE_PAGES) {
        const samples: Row[] = [];
        for (let i = 0; i < runs; i++) {
          const result = await lighthouse(
            url + page.replace(/^\//, ''),
            { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
            form === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`lighthouse returned nothing for ${page}`);
          const lhr = result.lhr;
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          const failing = Object.values(lhr.audits)
            .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
            .filter((a) => CATEGORIES.slice(1).some((c) => lhr.categories[c]?.auditRefs.some((r) => r.id === a.id && r.weight > 0)))
            .map((a) => a.id);
          samples.push({
            page,
            form,
            scores: CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)),
            lcp: audit('largest-contentful-paint'),
            tbt: audit('total-blocking-time'),
            cls: audit('cumulative-layout-shift'),
            failing,
            noMetrics: Number.isFinite(audit('largest-contentful-paint')) ? [] : [lhr.runtimeError?.code ?? lhr.audits['largest-contentful-paint']?.errorMessage ?? 'no value'],
          });
        }
        rows.push({
          page,
          form,
          scores: CATEGORIES.map((_, i) => median(samples.map((s) => s.scores[i]!))),
          lcp: measured(samples.map((s) => s.lcp)),
          tbt: measured(samples.map((s) => s.tbt)),
          cls: measured(samples.map((s) => s.cls)),
          failing: [...new Set(samples.flatMap((s) => s.failing))],
          noMetrics: samples.flatMap((s) => s.noMetrics),
        });
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  const body = table(
    ['page', 'form', 'Perf', 'A11y', 'BP', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'all ≥ 95'],
    rows.map((r) => [r.page, r.form, ...r.scores, r.lcp.toFixed(0), r.tbt.toFixed(0), r.cls.toFixed(3), r.scores.every((s) => s >= 95) ? 'yes' : 'NO']),
  );
  const notes = rows.filter((r) => r.failing.length > 0).map((r) => `  ${r.page} ${r.form}: ${r.failing.join(', ')}`);
  const gaps = rows.filter((r) => r.noMetrics.length > 0).map((r) => `  ${r.page} ${r.form}: LCP/TBT/CLS missing in ${r.noMetrics.length} of ${runs} runs (${r.noMetrics.join('; ')}); the median of the others`);
  return `Lighthouse ${runs > 1 ? `(median of ${runs} runs)` : '(one run each, LH_RUNS=1)'}, Chromium ${CHROMIUM}, scores 0–100\n${body}${notes.length ? `\nNon-performance audits below 0.9:\n${notes.join('\n')}` : ''}${gaps.length ? `\nRuns without metrics:\n${gaps.join('\n')}` : ''}`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split(sep).pop()!)) {
  process.stdout.write(`${await benchLighthouse()}\n`);
}
