/**
 * Where each rule document comes from (content/manifest.json): committed seeds in content/, or
 * external documents read from a mirror directory or downloaded and checked against their
 * checksum. External documents are never written into the repository: downloads go to .cache/.
 * Build-time only (Node).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Lang, SourceFormat } from '../model/types.ts';

export interface SourceEntry {
  id: string;
  lang: Lang;
  /** Edition the document belongs to (the effective date of the English edition it is or translates). */
  edition: string;
  format: SourceFormat;
  credit: string;
  /** Committed file, relative to the project root. */
  file?: string;
  /** Parts (chapters) a partial document holds. */
  parts?: string[];
  /** Path inside the mirror directory. */
  mirror?: string;
  url?: string;
  /** Archived copy of `url` (web.archive.org), tried when `url` fails: old wizards.com addresses are gone. */
  archive?: string;
  sha256?: string;
  /**
   * false: an English edition that feeds only the history of the rules (diffs, changes, rule
   * histories) and gets no site pages. Absent: rendered as full site pages.
   */
  pages?: boolean;
}

export interface Manifest {
  sources: SourceEntry[];
}

export type Resolved =
  | { entry: SourceEntry; status: 'found'; path: string; origin: 'content' | 'mirror' | 'download' | 'cache' }
  | { entry: SourceEntry; status: 'missing'; reason: string };

export const PROJECT_ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');

export function loadManifest(root = PROJECT_ROOT): Manifest {
  return JSON.parse(readFileSync(join(root, 'content/manifest.json'), 'utf8')) as Manifest;
}

/** The mirror directory: $CR_ATLAS_RULES_DIR, else ../shared/rules beside the project when present. */
export function mirrorDirectory(root = PROJECT_ROOT, env = process.env): string | null {
  if (env.CR_ATLAS_RULES_DIR) return resolve(env.CR_ATLAS_RULES_DIR);
  const shared = resolve(root, '../shared/rules');
  return existsSync(shared) ? shared : null;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface ResolveOptions {
  root?: string;
  mirror?: string | null;
  /** Allow downloading sources that no mirror has (off in tests; on with CR_ATLAS_DOWNLOAD=1). */
  download?: boolean;
  fetchImpl?: typeof fetch;
}

/** Finds every source: committed, mirrored, cached, or downloaded (when allowed). Never throws for a missing one. */
export async function resolveSources(options: ResolveOptions = {}): Promise<Resolved[]> {
  const root = options.root ?? PROJECT_ROOT;
  const mirror = options.mirror === undefined ? mirrorDirectory(root) : options.mirror;
  const out: Resolved[] = [];
  for (const entry of loadManifest(root).sources) {
    if (entry.file) {
      const path = join(root, entry.file);
      out.push(existsSync(path) ? { entry, status: 'found', path, origin: 'content' } : { entry, status: 'missing', reason: `committed file ${entry.file} is missing` });
      continue;
    }
    const reasons: string[] = [];
    if (mirror && entry.mirror) {
      const path = join(mirror, entry.mirror);
      if (existsSync(path)) {
        const ok = !entry.sha256 || sha256(readFileSync(path)) === entry.sha256;
        if (ok) {
          out.push({ entry, status: 'found', path, origin: 'mirror' });
          continue;
        }
        reasons.push(`mirror copy ${path} does not match its checksum`);
      } else reasons.push(`not in mirror ${mirror}`);
    } else reasons.push('no mirror directory (set CR_ATLAS_RULES_DIR or place ../shared/rules)');
    const cached = join(root, '.cache/rules', entry.mirror ?? `${entry.id}.txt`);
    if (existsSync(cached) && (!entry.sha256 || sha256(readFileSync(cached)) === entry.sha256)) {
      out.push({ entry, status: 'found', path: cached, origin: 'cache' });
      continue;
    }
    const urls = [entry.url, entry.archive].filter((u): u is string => !!u);
    let downloaded = false;
    if (options.download && urls.length > 0) {
      for (const url of urls) {
        try {
          const response = await (options.fetchImpl ?? fetch)(url);
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const bytes = new Uint8Array(await response.arrayBuffer());
          if (entry.sha256 && sha256(bytes) !== entry.sha256) throw new Error('checksum mismatch');
          mkdirSync(dirname(cached), { recursive: true });
          writeFileSync(cached, bytes);
          out.push({ entry, status: 'found', path: cached, origin: 'download' });
          downloaded = true;
          break;
        } catch (e) {
          reasons.push(`download from ${url} failed: ${(e as Error).message}`);
        }
      }
    } else if (entry.url) reasons.push('downloads off (set CR_ATLAS_DOWNLOAD=1)');
    if (downloaded) continue;
    out.push({ entry, status: 'missing', reason: reasons.join('; ') });
  }
  return out;
}

/** One line per source: what was used, from where, and what is missing. */
export function describeResolved(resolved: Resolved[]): string {
  return resolved
    .map((r) =>
      r.status === 'found'
        ? `used    ${r.entry.id.padEnd(24)} ${r.origin.padEnd(8)} ${r.path}`
        : `missing ${r.entry.id.padEnd(24)} skipped: ${r.reason}`,
    )
    .join('\n');
}
