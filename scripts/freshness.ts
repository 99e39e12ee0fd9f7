/**
 * Freshness of generated things: the newest modification time under a path, so a stage can tell whether
 * what it made (dist/, src/generated/) is older than its inputs. Used by `npm start` (scripts/start.ts,
 * rebuild the site?) and by the tests' global set-up (tests/setup/data.ts, rewrite the generated data?).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time under `path` (0 when it does not exist), skipping node_modules and dot entries. */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of readdirSync(path)) {
    if (e === 'node_modules' || e.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, e)));
  }
  return newest;
}
