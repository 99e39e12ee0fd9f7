/**
 * The build's steps before any page is rendered (scripts/build/integration.ts runs this in a process of its
 * own: Astro's config loader cannot import modules after it has loaded the config, and the sandbox step
 * loads the engine, which bundles src/generated/crosswalk.json — written by the data step just before):
 *   1. data             src/generated/ from the sources                    scripts/data.ts
 *   2. search bundles   public/search/ (the instant box's indexes)          scripts/build/search-index.ts
 *   3. sandbox data     public/sandbox/ (the engine's scenarios)            scripts/build/sandbox-data.ts
 * Each writes a whole directory swapped in (scripts/build/replace-dir.ts): a failed step leaves the previous
 * data. `tsx scripts/build/prepare.ts REPORT`: the steps' records (or the failed step and its message) are
 * written to REPORT as JSON; exit 1 when a step failed. The sources' flags come from CR_ATLAS_BUILD_FLAGS.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, sourceSettings } from '../../src/pipeline/sources.ts';
import { readCatalog } from '../../src/pipeline/generated.ts';
import { writeGeneratedData } from '../data.ts';
import { SEARCH_OUT, writeBundles } from './search-index.ts';
import { replaceDirectorySync } from './replace-dir.ts';
import { buildFlags, runStep, type BuildReport } from './build-report.ts';


async function prepare(report: BuildReport, log: (line: string) => void): Promise<void> {
  const ok =
    (await runStep(report, 'data', async () => {
      await writeGeneratedData(sourceSettings(buildFlags()));
      const catalog = readCatalog();
      report.record['sources'] = catalog.sources;
      report.record['editions'] = catalog.editions.map((e) => ({ lang: e.lang, edition: e.edition, rules: e.ruleCount, latest: e.latest }));
      return { editions: catalog.editions.length, rules: catalog.editions.reduce((n, e) => n + e.ruleCount, 0), sourcesUsed: catalog.sources.filter((s) => s.status === 'used').length, sourcesMissing: catalog.sources.filter((s) => s.status === 'missing').length };
    }, log)) &&
    (await runStep(report, 'search bundles', () => ({ bundles: replaceDirectorySync(SEARCH_OUT, (dir) => writeBundles(dir)).length }), log)) &&
    // Imported only now: the engine it loads bundles src/generated/crosswalk.json, written just above.
    (await runStep(report, 'sandbox data', async () => (await import('./sandbox-data.ts')).writeSandboxData(join(PROJECT_ROOT, 'public')), log));
  if (!ok) process.exitCode = 1;
}

const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: tsx scripts/build/prepare.ts REPORT.json\n');
  process.exit(2);
}
const report: BuildReport = { steps: [], record: {} };
await prepare(report, (line) => process.stdout.write(`${line}\n`));
writeFileSync(out, JSON.stringify(report));
