/**
 * `npm run bench`: measured numbers, printed as tables with medians. Never asserted in tests.
 *   parse   time per document (median of runs after warm-up) and throughput
 *   worst   the readers on huge lines and pathological markup (scripts/bench/worst-cases.ts)
 *   server  requests/s and p50/p99 latency of the server behind `npm start` (scripts/bench/bench-server.ts)
 *   compress  CPU time and size of precompression per brotli quality (scripts/bench/bench-compress.ts)
 *   cli     wall time of one `cr search`, `--batch`, `cr history` (bundled and under tsx; scripts/bench/bench-cli.ts)
 *   compare  the compare page's first view for three pairs on the slow phone (scripts/bench/bench-compare.ts)
 *   + the site, search and engine tables when those parts are present.
 *   suites  the test suite's time per Vitest project (scripts/bench/bench-suites.ts; minutes: only when named)
 * `npm run bench -- parse` runs only the named tables.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from '../../src/pipeline/index.ts';
import { mirrorDirectory, resolveSources } from '../../src/pipeline/sources.ts';
import { median, table } from '../stats.ts';

export { table };

async function benchParse(): Promise<string> {
  const files: { name: string; path: string }[] = [];
  for (const r of await resolveSources()) if (r.status === 'found') files.push({ name: r.entry.file ? r.entry.file.split('/').pop()! : r.entry.mirror!, path: r.path });
  const mirror = mirrorDirectory();
  const archive = mirror ? join(mirror, 'en-archive') : null;
  const archiveFiles = archive && existsSync(archive) ? readdirSync(archive).filter((f) => f.endsWith('.txt')).sort() : [];
  const rows: (string | number)[][] = [];
  const runs = 9;
  for (const f of files) {
    const bytes = readFileSync(f.path);
    for (let i = 0; i < 3; i++) parseDocument(bytes, f.name); // warm-up
    const times: number[] = [];
    let rules = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      rules = parseDocument(bytes, f.name).rules.length;
      times.push(performance.now() - t);
    }
    const ms = median(times);
    rows.push([f.name, (bytes.length / 1024).toFixed(0), rules, ms.toFixed(1), Math.max(...times).toFixed(1), (bytes.length / 1e6 / (ms / 1000)).toFixed(1)]);
  }
  let out = `Parse (median of ${runs} runs after 3 warm-up runs)\n${table(['document', 'KiB', 'entries', 'median ms', 'max ms', 'MB/s'], rows)}`;
  if (archiveFiles.length) {
    const perFile: number[] = [];
    let bytesTotal = 0;
    for (const name of archiveFiles) {
      const bytes = readFileSync(join(archive!, name));
      bytesTotal += bytes.length;
      parseDocument(bytes, name);
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        parseDocument(bytes, name);
        times.push(performance.now() - t);
      }
      perFile.push(median(times));
    }
    const total = perFile.reduce((a, b) => a + b, 0);
    out += `\n\nEnglish archive: ${archiveFiles.length} editions, ${(bytesTotal / 1e6).toFixed(1)} MB\n${table(
      ['measure', 'value'],
      [
        ['median ms per edition', median(perFile).toFixed(1)],
        ['slowest edition ms', Math.max(...perFile).toFixed(1)],
        ['throughput MB/s', (bytesTotal / 1e6 / (total / 1000)).toFixed(1)],
      ],
    )}`;
  }
  return out;
}

/** Optional tables from the other parts of the project, each in its own script. */
const SECTIONS: Record<string, () => Promise<string>> = {
  parse: benchParse,
  worst: async () => {
    const rows = (await import('./bench-worst.ts')).benchWorst();
    return `Worst-case inputs (median of 5 runs after a warm-up; tests check the output, not the time)\n${table(['input', 'chars', 'median ms'], rows)}`;
  },
  site: async () => (await import('./bench-site.ts')).benchSite(),
  search: async () => (await import('./bench-search.ts')).benchSearch(),
  sandbox: async () => (await import('./bench-sandbox.ts')).benchSandbox(),
  lighthouse: async () => (await import('./bench-lighthouse.ts')).benchLighthouse(),
  history: async () => (await import('./bench-history.ts')).benchHistory(),
  compare: async () => (await import('./bench-compare.ts')).benchCompare(),
  server: async () => (await import('./bench-server.ts')).benchServer(table),
  compress: async () => (await import('./bench-compress.ts')).benchCompress(),
  cli: async () => (await import('./bench-cli.ts')).benchCli(),
  suites: async () => (await import('./bench-suites.ts')).benchSuites(),
  engine: async () => {
    const rows = await (await import('./bench-engine.ts')).benchEngine();
    return `Engine (median per scenario run)\n${table(['scenario', 'runs', 'median ms'], rows.map((r) => [r.name, r.runs, r.median_ms.toFixed(3)]))}`;
  },
};
const FILES: Record<string, string> = { history: 'bench-history.ts', compare: 'bench-compare.ts', lighthouse: 'bench-lighthouse.ts', site: 'bench-site.ts', search: 'bench-search.ts', engine: 'bench-engine.ts', sandbox: 'bench-sandbox.ts' };

/** Tables that take minutes: run only when named. */
const ON_REQUEST = new Set(['suites']);
const wanted = process.argv.slice(2).filter((a) => a in SECTIONS);
for (const name of wanted.length ? wanted : Object.keys(SECTIONS).filter((n) => !ON_REQUEST.has(n))) {
  if (FILES[name] && !existsSync(new URL(FILES[name]!, import.meta.url))) continue;
  process.stdout.write(`\n${await SECTIONS[name]!()}\n`);
}
