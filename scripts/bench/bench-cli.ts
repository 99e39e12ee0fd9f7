/**
 * `npm run bench -- cli`: wall time of the command line as users run it (`node scripts/cr.mjs`, the
 * bundled JavaScript, scripts/cr.mjs) against the TypeScript sources under tsx, and a bare `node` start
 * for scale: one search query, `--batch` of 20 queries, one rule's history, one `parse`. Median of 7 runs
 * after a warm-up run (which also bundles the command line when it is stale).
 */
import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT } from '../../src/pipeline/sources.ts';
import { median, table } from '../stats.ts';

const RUNS = 7;
const BATCH = ['trample', 'deathtouch', '702.19b', 'first strike', 'legend rule', 'poison', 'ward', 'mana value', 'token', 'copy',
  'layers', 'state-based actions', 'mulligan', 'commander', 'indestructible', 'hexproof', 'flying', 'cascade', 'storm', 'exile'].join('\n');

function wall(args: string[], input?: string): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: PROJECT_ROOT, input, encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`bench cli: ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  return ms;
}

export function benchCli(): string {
  const commands: [string, string[], string?][] = [
    ['search one query (en)', ['search', '--lang', 'en', 'trample']],
    ['search one query (ja)', ['search', '--lang', 'ja', 'トランプル']],
    ['search --batch, 20 queries (en)', ['search', '--lang', 'en', '--batch'], BATCH],
    ['history 702.19b', ['history', '702.19b']],
  ];
  const rows: (string | number)[][] = [['node -e 0 (a bare start)', (median(Array.from({ length: RUNS }, () => wall(['-e', '0'])))).toFixed(0), '']];
  for (const [name, args, input] of commands) {
    wall(['scripts/cr.mjs', ...args], input);
    const bundled = median(Array.from({ length: RUNS }, () => wall(['scripts/cr.mjs', ...args], input)));
    const tsx = median(Array.from({ length: 3 }, () => wall(['--import', 'tsx', 'scripts/cr.ts', ...args], input)));
    rows.push([name, bundled.toFixed(0), tsx.toFixed(0)]);
  }
  return `Command line, wall time (median of ${RUNS} runs after a warm-up; tsx: median of 3)\n${table(['command', 'node scripts/cr.mjs ms', 'tsx scripts/cr.ts ms'], rows)}`;
}
