/**
 * `npm run build`: the whole static site into dist/, in pipeline order.
 *   1. generated data (src/generated/)        scripts/data.ts
 *   2. instant-search bundles (public/search/) scripts/search-index.ts
 *   3. sandbox scenarios (public/sandbox/)     scripts/sandbox-data.ts
 *   4. astro build (dist/)
 *   5. Pagefind full-text index (dist/pagefind/)
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { writeGeneratedData } from './data.ts';
import { writeBundles } from './search-index.ts';
import { writeSandboxData } from './sandbox-data.ts';
import { runPagefind } from './pagefind.ts';
import { PROJECT_ROOT, SourceError, sourceSettings } from '../src/pipeline/sources.ts';
import { parseSourceFlags } from './sources.ts';

const step = async <T>(name: string, run: () => T | Promise<T>): Promise<T> => {
  const started = Date.now();
  const out = await run();
  process.stdout.write(`build: ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return out;
};

const settings = sourceSettings(parseSourceFlags(process.argv.slice(2)));
try {
  await step('data', () => writeGeneratedData(settings));
} catch (e) {
  if (!(e instanceof SourceError)) throw e;
  process.stderr.write(`build: stopped at the data stage, dist/ unchanged:\n${e.message.replace(/^/gm, '  ')}\n`);
  process.exit(1);
}
await step('search bundles', () => writeBundles());
await step('sandbox data', () => writeSandboxData(join(PROJECT_ROOT, 'public')));
await step('astro build', () => {
  const r = spawnSync('npx', ['astro', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`astro build failed (exit ${r.status})`);
});
await step('pagefind', async () => {
  const r = await runPagefind(join(PROJECT_ROOT, 'dist'));
  process.stdout.write(`pagefind: indexed ${r.pages} pages\n`);
});
