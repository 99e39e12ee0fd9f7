/**
 * The site's build, in one place and one order: the Astro integration that makes `astro build` (and
 * `astro dev`) complete on its own. Before any page is rendered (astro:config:setup) it writes what the
 * pages read; after Astro has written the pages (astro:build:done) it adds what is made from them:
 *   1. data               src/generated/ from the sources                    scripts/data.ts
 *   2. search bundles     public/search/ (the instant box's indexes)          scripts/build/search-index.ts
 *   3. sandbox data       public/sandbox/ (the engine's scenarios)            scripts/build/sandbox-data.ts
 *      — Astro renders the pages; meanwhile, in a process of its own on the other core (scripts/build/extras.ts):
 *   4. extras             /api/ JSON, rule indexes, history files (staged)    src/site/api/extras.ts
 *      — then —
 *      extras placed      the staged extras and the not-found pages in place
 *      module preloads    each page's script chunks named in its head         scripts/build/module-preload.ts
 *   5. robots             robots.txt naming the sitemap (written by @astrojs/sitemap, listed before this)
 *   6. pagefind           the full-text index of the pages                    scripts/build/pagefind.ts
 *   7. offline            web app manifest, "save for offline" lists, the service worker (Workbox)
 *   8. host files         _headers and _redirects for static hosts (docs/deploy.md)
 * Steps 1–3 run in a process of their own (scripts/build/prepare.ts). `npm run build` (scripts/build/build.ts) runs
 * `astro build` into a fresh directory, swaps it in for dist/ and writes build.json from the steps'
 * report (CR_ATLAS_BUILD_REPORT names the file it is written to); a step that fails stops the build with
 * its own message (file, line, what was expected) and exit 1. CR_ATLAS_PREPARED=1 skips steps 1–3 (their
 * output is already in place: a test's fixture). The sources' flags reach the data step as
 * CR_ATLAS_BUILD_FLAGS (`{"offline":true,"allowMissing":true}`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { generateSW } from 'workbox-build';
import { PROJECT_ROOT } from '../../src/pipeline/sources.ts';
import { addModulePreloads } from './module-preload.ts';
import { extraFiles } from '../../src/site/api/extras.ts';
import { placeExtras, startExtras, type RunningExtras } from './extras.ts';
import { getSite } from '../../src/site/load.ts';
import { placeNotFoundPages, redirectsFile } from '../../src/site/host/not-found.ts';
import { robotsTxt } from '../../src/site/render/seo.ts';
import { offlineList, offlineListPath, serviceWorkerOptions, webManifest } from '../../src/site/host/offline.ts';
import { headersFile } from '../../src/site/host/headers.ts';
import { pathLang } from '../../src/i18n/locales.ts';
import { runPagefind } from './pagefind.ts';
import { StepError, runStep, type BuildReport } from './build-report.ts';

/** Stops the build at a failed step: the report says why (scripts/build/build.ts prints it), else stderr does. */
function stop(report: BuildReport, to: string | undefined): never {
  if (to) writeFileSync(to, JSON.stringify(report));
  else if (report.failed) process.stderr.write(`cr-atlas: the ${report.failed.step} step failed:\n${report.failed.message.replace(/^/gm, '  ')}\n`);
  process.exit(1);
}

export function crAtlas(build: string): AstroIntegration {
  let report: BuildReport = { steps: [], record: {} };
  const to = process.env['CR_ATLAS_BUILD_REPORT'];
  let pagesStarted = 0;
  let extras: RunningExtras | null = null;
  return {
    name: 'cr-atlas',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command !== 'build' && command !== 'dev') return;
        // CR_ATLAS_PREPARED=1: the data, search bundles and sandbox data are in place already (a test that builds
        // pages from a fixture's generated data, tests/e2e/escape.test.ts): render them as they are.
        if (process.env['CR_ATLAS_PREPARED'] === '1') {
          if (command === 'build') extras = startExtras();
          pagesStarted = Date.now();
          return;
        }
        const dir = mkdtempSync(join(tmpdir(), 'cr-atlas-prepare-'));
        try {
          const file = join(dir, 'report.json');
          spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build/prepare.ts', file], { cwd: PROJECT_ROOT, stdio: 'inherit' });
          report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildReport) : { steps: [], record: {}, failed: { step: 'data', message: 'scripts/build/prepare.ts stopped before it wrote its report (its messages are above)' } };
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
        if (report.failed) stop(report, to);
        // The extras read only the generated data: they are written on the other core while Astro renders.
        if (command === 'build') extras = startExtras();
        pagesStarted = Date.now();
      },
      'astro:server:setup': ({ server }) => {
        let files: Map<string, string> | null = null;
        server.middlewares.use((req, res, next) => {
          let path: string;
          try {
            path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\//, '');
          } catch {
            return next();
          }
          if (!(path.startsWith('api/') || (pathLang(`/${path}`) && path.endsWith('.json')))) return next();
          files ??= new Map([...extraFiles(getSite())].map((f) => [f.path, f.content]));
          const hit = files.get(path);
          if (hit === undefined) return next();
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.end(hit);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        report.steps.push({ name: 'astro pages', seconds: Math.round((Date.now() - pagesStarted) / 100) / 10 });
        const site = getSite();
        const log = (line: string) => logger.info(line);
        const steps: [string, () => Promise<Record<string, number> | void> | Record<string, number> | void][] = [
          ['extras placed', async () => {
            const running = extras!;
            const beside = await running.done;
            if (beside.failed) {
              rmSync(running.staging, { recursive: true, force: true });
              throw new StepError(beside.failed.message);
            }
            report.steps.push(...beside.steps.map((st) => ({ ...st, alongside: 'astro pages' })));
            return { notFoundPages: placeNotFoundPages(out).length, files: placeExtras(running.staging, out) };
          }],
          ['module preloads', () => addModulePreloads(out)],
          ['robots', () => writeFileSync(join(out, 'robots.txt'), robotsTxt())],
          ['pagefind', async () => {
            const r = await runPagefind(out);
            return { pages: r.pages, files: r.files };
          }],
          ['offline', async () => {
            writeFileSync(join(out, 'manifest.webmanifest'), webManifest(site));
            mkdirSync(join(out, 'offline'), { recursive: true });
            for (const ed of site.editions) writeFileSync(join(out, offlineListPath(ed)), JSON.stringify(offlineList(ed, build, out)));
            const r = await generateSW(serviceWorkerOptions(out, build));
            for (const w of r.warnings) logger.warn(w);
            return { lists: site.editions.length, precached: r.count };
          }],
          ['host files', () => {
            writeFileSync(join(out, '_headers'), headersFile());
            writeFileSync(join(out, '_redirects'), redirectsFile((file) => existsSync(join(out, file)), site.editions.filter((e) => e.latest)));
          }],
        ];
        for (const [name, run] of steps) if (!(await runStep(report, name, run, log))) stop(report, to);
        if (to) writeFileSync(to, JSON.stringify(report));
      },
    },
  };
}
