/**
 * The history stage of `npm run data`: every English source found (all 84 editions since 2009 when
 * the mirror has them) → editionItems → buildHistory → src/generated/history.json. The store is
 * cached in .cache/history/ under a key made of the sources' checksums and the code that reads and
 * matches them, so a build re-parses the 84 editions only when one of those changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from '../src/pipeline/index.ts';
import { PROJECT_ROOT, type Resolved } from '../src/pipeline/sources.ts';
import { editionItems } from '../src/history/items.ts';
import { buildHistory } from '../src/history/chain.ts';
import type { HistoryStore } from '../src/history/store.ts';

/** Files whose change can change the store: the readers, the model, the history modules. */
function codeFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, name.name);
      if (name.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) out.push(p);
    }
  };
  for (const d of ['src/pipeline', 'src/model', 'src/history']) walk(join(root, d));
  return out.sort();
}

export interface HistoryData {
  store: HistoryStore;
  /** Editions used, and English sources that were missing. */
  report: string;
  cached: boolean;
}

export function historyFromSources(resolved: Resolved[], root = PROJECT_ROOT): HistoryData {
  const english = resolved.filter((r) => r.entry.lang === 'en');
  const found = english.filter((r): r is Extract<Resolved, { status: 'found' }> => r.status === 'found');
  const hash = createHash('sha256');
  for (const r of found) hash.update(`${r.entry.edition} ${r.entry.sha256 ?? readFileSync(r.path).length}\n`);
  for (const f of codeFiles(root)) hash.update(readFileSync(f));
  const key = hash.digest('hex').slice(0, 24);
  const cacheFile = join(root, '.cache/history', `${key}.json`);
  const missing = english.length - found.length;
  const report = `history: ${found.length} English editions${missing ? `, ${missing} missing (their changes are merged into the next edition found)` : ''}`;
  if (existsSync(cacheFile)) return { store: JSON.parse(readFileSync(cacheFile, 'utf8')) as HistoryStore, report: `${report} (cached)`, cached: true };
  const items = found.map((r) => {
    const doc = parseDocument(readFileSync(r.path), r.entry.mirror ?? r.path, { lang: 'en' });
    return { ...editionItems({ ...doc, edition: r.entry.edition }), edition: r.entry.edition };
  });
  const store = buildHistory(items);
  mkdirSync(join(root, '.cache/history'), { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(store));
  return { store, report, cached: false };
}
