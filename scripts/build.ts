/**
 * `npm run build [-- --offline] [-- --allow-missing]`: the whole static site, in pipeline order, built
 * into a new directory that replaces dist/ only when every stage succeeded (scripts/build-run.ts).
 *   1. generated data (src/generated/)        scripts/data.ts
 *   2. instant-search bundles (public/search/) scripts/search-index.ts
 *   3. sandbox scenarios (public/sandbox/)     scripts/sandbox-data.ts
 *      (1–3 each written whole into a fresh directory and swapped in: scripts/replace-dir.ts)
 *   4. astro build (the new directory)
 *   5. Pagefind full-text index (…/pagefind/)
 *   6. precompressed .br/.gz copies, _headers and _redirects for static hosts   scripts/compress.ts
 * The result carries build.json (stages, counts, sources with their checksums). One build at a time per
 * checkout (dist.lock): a second one exits 1 at once, naming the running one, and changes nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeGeneratedData } from './data.ts';
import { SEARCH_OUT, writeBundles } from './search-index.ts';
import { onInterrupt, replaceDirectorySync } from './replace-dir.ts';
import { runPagefind } from './pagefind.ts';
import { precompress } from './compress.ts';
import { BuildError, BuildLockedError, buildAtomically } from './build-run.ts';
import { UsageError } from './args.ts';
import { PROJECT_ROOT, SourceError, sourceSettings } from '../src/pipeline/sources.ts';
import { readCatalog } from '../src/pipeline/generated.ts';
import { headersFile } from '../src/site/headers.ts';
import { redirectsFile } from '../src/site/not-found.ts';
import { parseSourceFlags } from './sources.ts';

const DIST = join(PROJECT_ROOT, 'dist');

function countFiles(dir: string): { files: number; pages: number } {
  let files = 0;
  let pages = 0;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    files++;
    if (e.name.endsWith('.html')) pages++;
  }
  return { files, pages };
}

let settings;
try {
  settings = sourceSettings(parseSourceFlags(process.argv.slice(2)));
} catch (e) {
  if (!(e instanceof UsageError || e instanceof SourceError)) throw e;
  process.stderr.write(`build: ${e.message}\n`);
  process.exit(1);
}

try {
  await buildAtomically(
    DIST,
    [
      {
        name: 'data',
        run: async () => {
          await writeGeneratedData(settings);
          const catalog = readCatalog();
          return {
            counts: { editions: catalog.editions.length, rules: catalog.editions.reduce((n, e) => n + e.ruleCount, 0), sourcesUsed: catalog.sources.filter((s) => s.status === 'used').length, sourcesMissing: catalog.sources.filter((s) => s.status === 'missing').length },
            record: { sources: catalog.sources, editions: catalog.editions.map((e) => ({ lang: e.lang, edition: e.edition, rules: e.ruleCount, latest: e.latest })) },
          };
        },
      },
      { name: 'search bundles', run: () => ({ counts: { bundles: replaceDirectorySync(SEARCH_OUT, (dir) => writeBundles(dir)).length } }) },
      {
        name: 'sandbox data',
        // Imported here, not at the top: the engine it loads reads src/generated/ (crosswalk.json), which a
        // fresh clone has only once the data stage above has written it.
        run: async () => ({ counts: await (await import('./sandbox-data.ts')).writeSandboxData(join(PROJECT_ROOT, 'public')) }),
      },
      {
        name: 'astro build',
        run: (out) =>
          new Promise((ok, fail) => {
            const child = spawn('npx', ['astro', 'build', '--outDir', out], { cwd: PROJECT_ROOT, stdio: 'inherit' });
            // Interrupted: astro stops too (else it would go on writing into the removed directory).
            const stop = onInterrupt(() => child.kill('SIGTERM'));
            child.on('error', (e) => (stop(), fail(e)));
            child.on('exit', (code, signal) => (stop(), code === 0 ? ok({ counts: countFiles(out) }) : fail(new Error(`astro build failed (${signal ?? `exit ${code}`})`))));
          }),
      },
      {
        name: 'pagefind',
        run: async (out) => {
          const r = await runPagefind(out);
          return { counts: { pages: r.pages, files: r.files } };
        },
      },
      {
        name: 'compress',
        run: async (out) => {
          writeFileSync(join(out, '_headers'), headersFile());
          writeFileSync(join(out, '_redirects'), redirectsFile((file) => existsSync(join(out, file))));
          const r = await precompress(out);
          return { counts: { ...r } };
        },
      },
    ],
    (line) => process.stdout.write(`${line}\n`),
  );
} catch (e) {
  if (e instanceof BuildLockedError) {
    process.stderr.write(`build: not started: ${e.message}\n`);
    process.exit(1);
  }
  if (!(e instanceof BuildError)) throw e;
  const detail = e.message.includes('\n') ? `\n${e.message.replace(/^/gm, '  ')}` : ` ${e.message}`;
  process.stderr.write(`build: failed at the ${e.stage} stage, dist/ unchanged (the previous site):${detail}\n`);
  process.exit(1);
}
