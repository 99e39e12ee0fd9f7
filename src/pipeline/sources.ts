/**
 * Where each rule document comes from (content/manifest.json): committed seeds in content/, or
 * external documents read from a mirror directory, a download cache (.cache/rules/) or downloaded
 * from their public address, each checked against its sha256. External documents are never
 * written into the repository. What the build may do (network, missing documents) is a
 * SourceSettings value built once from flags and environment. Build-time only (Node).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, relative, resolve } from 'node:path';
import type * as z from 'zod';
import { ManifestSchema, type SourceEntrySchema } from './schemas.ts';
import { readJsonFile } from './json-file.ts';
import { download, type DownloadLimits } from './download.ts';

/** One document of content/manifest.json, as its schema describes it (src/pipeline/schemas.ts). */
export type SourceEntry = z.output<typeof SourceEntrySchema>;

export type Manifest = z.output<typeof ManifestSchema>;

/** How a document was had. */
type Origin = 'content' | 'mirror' | 'cache' | 'download';

export type Resolved =
  | { entry: SourceEntry; status: 'found'; path: string; origin: Origin; sha256: string; bytes: number }
  /** Planned only (`cr sources`): would be downloaded from entry.url. */
  | { entry: SourceEntry; status: 'would-download'; path: string; reason: string }
  | { entry: SourceEntry; status: 'missing'; reason: string }
  /** Bytes found, but not the bytes the manifest names: always an error. */
  | { entry: SourceEntry; status: 'corrupt'; path: string; expected: string; actual: string; origin: Origin };

export const PROJECT_ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');

/** content/manifest.json, checked against its schema: a typo stops here with file, line and what was expected. */
export function loadManifest(root = PROJECT_ROOT): Manifest {
  return readJsonFile(join(root, 'content/manifest.json'), ManifestSchema, { missing: null, malformed: 'manifest-malformed' }, 'list of source documents (content/manifest.json)');
}

/** The mirror directory: $CR_ATLAS_RULES_DIR, else ../shared/rules beside the project when present. */
export function mirrorDirectory(root = PROJECT_ROOT, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env['CR_ATLAS_RULES_DIR']) return resolve(env['CR_ATLAS_RULES_DIR']);
  const shared = resolve(root, '../shared/rules');
  return existsSync(shared) ? shared : null;
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** What the build may do to get its documents. */
export interface SourceSettings {
  /** Mirror directory, or null when there is none. */
  mirror: string | null;
  /** Whether documents not found locally may be downloaded. */
  network: boolean;
  /** Why `network` is what it is (printed by `cr sources` and the build). */
  networkWhy: string;
  /** Build the site from what is there when a document cannot be had (it then says what is missing). */
  allowMissing: boolean;
  limits: DownloadLimits;
  /** Extra attempts after a failed download. */
  retries: number;
}

export interface SourceFlags {
  offline?: boolean;
  allowMissing?: boolean;
}

const seconds = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new SourceError(`${name}="${value}": expected a positive number of seconds`);
  return n;
};

const truthy = (v: string | undefined) => v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';

/**
 * Settings from command-line flags and the environment:
 *   --offline / CR_ATLAS_OFFLINE=1        never use the network
 *   CR_ATLAS_DOWNLOAD=1                   download what the mirror lacks even when a mirror exists
 *   (default)                             download only when there is no mirror directory at all
 *   --allow-missing / CR_ATLAS_ALLOW_MISSING=1   build without documents that cannot be had
 *   CR_ATLAS_CONNECT_TIMEOUT (s, default 10), CR_ATLAS_DOWNLOAD_TIMEOUT (s, default 60)
 */
export function sourceSettings(flags: SourceFlags = {}, env: NodeJS.ProcessEnv = process.env, root = PROJECT_ROOT): SourceSettings {
  const mirror = mirrorDirectory(root, env);
  // A mirror named explicitly must be there: a mistyped path would otherwise turn downloads off
  // ("a mirror directory exists") and report every document as not in it.
  if (mirror !== null && env['CR_ATLAS_RULES_DIR'] && !statSync(mirror, { throwIfNoEntry: false })?.isDirectory()) {
    throw new SourceError(`CR_ATLAS_RULES_DIR=${env['CR_ATLAS_RULES_DIR']}: ${existsSync(mirror) ? 'not a directory' : 'no such directory'}; expected the mirror directory of the rules documents (or unset it: ../shared/rules beside the project when present, else downloads)`);
  }
  const offline = flags.offline === true || truthy(env['CR_ATLAS_OFFLINE']);
  let network: boolean;
  let networkWhy: string;
  if (offline) [network, networkWhy] = [false, flags.offline ? 'offline (--offline)' : 'offline (CR_ATLAS_OFFLINE=1)'];
  else if (truthy(env['CR_ATLAS_DOWNLOAD'])) [network, networkWhy] = [true, 'downloads on (CR_ATLAS_DOWNLOAD=1)'];
  else if (mirror === null) [network, networkWhy] = [true, 'downloads on (no mirror directory)'];
  else [network, networkWhy] = [false, 'downloads off (a mirror directory exists; CR_ATLAS_DOWNLOAD=1 fetches what it lacks)'];
  return {
    mirror,
    network,
    networkWhy,
    allowMissing: flags.allowMissing === true || truthy(env['CR_ATLAS_ALLOW_MISSING']),
    limits: {
      connectTimeout: seconds(env['CR_ATLAS_CONNECT_TIMEOUT'], 10, 'CR_ATLAS_CONNECT_TIMEOUT'),
      totalTimeout: seconds(env['CR_ATLAS_DOWNLOAD_TIMEOUT'], 60, 'CR_ATLAS_DOWNLOAD_TIMEOUT'),
    },
    retries: 1,
  };
}

/** A source problem that stops the build (checksum mismatch; a missing document without --allow-missing). */
export class SourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceError';
  }
}

export interface ResolveOptions {
  root?: string;
  /** Defaults to sourceSettings() from the environment. */
  settings?: SourceSettings;
  /** Only say what would be done: check local copies, never download. */
  plan?: boolean;
  /** One progress line per download attempt (stderr in the CLI). */
  log?: (line: string) => void;
}

/** Mirror paths are relative to the mirror directory and stay inside it. */
function mirrorPath(dir: string, rel: string): string | null {
  if (isAbsolute(rel)) return null;
  const path = normalize(join(dir, rel));
  const back = relative(dir, path);
  return back.startsWith('..') || isAbsolute(back) ? null : path;
}

const kib = (n: number) => `${Math.round(n / 1024)} KiB`;

/** Finds every source: committed, mirrored, cached, or downloaded (when allowed). Never throws for one document. */
export async function resolveSources(options: ResolveOptions = {}): Promise<Resolved[]> {
  const root = options.root ?? PROJECT_ROOT;
  const settings = options.settings ?? sourceSettings({}, process.env, root);
  const log = options.log ?? (() => {});
  const out: Resolved[] = [];
  for (const entry of loadManifest(root).sources) out.push(await resolveOne(entry, root, settings, options.plan === true, log));
  return out;
}

async function resolveOne(entry: SourceEntry, root: string, settings: SourceSettings, plan: boolean, log: (l: string) => void): Promise<Resolved> {
  const check = (path: string, bytes: Uint8Array, origin: Origin): Resolved => {
    const actual = sha256(bytes);
    if (entry.sha256 && actual !== entry.sha256) return { entry, status: 'corrupt', path, expected: entry.sha256, actual, origin };
    return { entry, status: 'found', path, origin, sha256: actual, bytes: bytes.length };
  };
  if (entry.file) {
    const path = join(root, entry.file);
    return existsSync(path) ? check(path, readFileSync(path), 'content') : { entry, status: 'missing', reason: `committed file ${entry.file} is missing` };
  }
  const rel = entry.mirror ?? `${entry.id}.txt`;
  const reasons: string[] = [];
  if (settings.mirror && entry.mirror) {
    const path = mirrorPath(settings.mirror, entry.mirror);
    if (path === null) reasons.push(`mirror path "${entry.mirror}" leaves the mirror directory; expected a relative path inside it`);
    else if (existsSync(path)) return check(path, readFileSync(path), 'mirror');
    else reasons.push(`not in mirror ${settings.mirror}`);
  } else if (!settings.mirror) reasons.push('no mirror directory (set CR_ATLAS_RULES_DIR or place ../shared/rules)');
  const cached = mirrorPath(join(root, '.cache/rules'), rel);
  if (cached && existsSync(cached)) return check(cached, readFileSync(cached), 'cache');
  // The public address, then its archived copy when the manifest has one.
  const urls = [entry.url, entry.archive].filter((u): u is string => !!u);
  if (urls.length === 0) reasons.push('no public address in the manifest');
  else if (!settings.network) reasons.push(settings.networkWhy);
  else if (!cached) reasons.push(`cannot cache "${rel}"`);
  else if (plan) return { entry, status: 'would-download', path: cached, reason: `${reasons.join('; ')}; would download ${urls.join(', or else ')}` };
  else {
    let mismatch: Extract<Resolved, { status: 'corrupt' }> | null = null;
    for (const url of urls) {
      const attempts = 1 + settings.retries;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        const started = Date.now();
        const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
        try {
          const bytes = await download(url, settings.limits);
          const result = check(cached, bytes, 'download');
          if (result.status === 'corrupt') {
            log(`download ${entry.id}: ${kib(bytes.length)} in ${took()} from ${url}: checksum mismatch (attempt ${attempt} of ${attempts})`);
            if (attempt === attempts) mismatch = { ...result, path: url };
            continue;
          }
          mkdirSync(dirname(cached), { recursive: true });
          // Written whole or not at all: an interrupted build never leaves half a file in the cache.
          writeFileSync(`${cached}.part`, bytes);
          renameSync(`${cached}.part`, cached);
          log(`download ${entry.id}: ${kib(bytes.length)} in ${took()} from ${url}, sha256 ok`);
          return result;
        } catch (e) {
          const why = (e as Error).message;
          log(`download ${entry.id}: failed after ${took()} (attempt ${attempt} of ${attempts}): ${why}`);
          if (attempt === attempts) reasons.push(`download failed ${attempts} times, last: ${why}`);
        }
      }
    }
    if (mismatch) return mismatch;
  }
  return { entry, status: 'missing', reason: reasons.join('; ') };
}

/** The message for a checksum mismatch: file, expected and actual sha256. */
function mismatchMessage(r: Extract<Resolved, { status: 'corrupt' }>): string {
  return `${r.path}: checksum mismatch for source ${r.entry.id}: expected sha256 ${r.expected}, actual sha256 ${r.actual}` +
    (r.origin === 'cache' ? ' (delete the cached copy to download it again)' : r.origin === 'download' ? ' (the server sent other bytes)' : '');
}

/** What the manifest wants for a source: its file, expected sha256 and public addresses. */
function wantedSource(e: SourceEntry): string {
  return [
    e.file ? `committed file ${e.file}` : `${e.mirror ?? `${e.id}.txt`} in the mirror directory`,
    ...(e.sha256 ? [`sha256 ${e.sha256}`] : []),
    ...(e.url ? [`public address ${e.url}${e.archive ? ` (archived copy ${e.archive})` : ''}`] : []),
  ].join(', ');
}

/** Errors that stop the build: every checksum mismatch; every missing document unless allowMissing. */
export function sourceProblems(resolved: Resolved[], settings: Pick<SourceSettings, 'allowMissing'>): string[] {
  const problems: string[] = [];
  for (const r of resolved) {
    if (r.status === 'corrupt') problems.push(mismatchMessage(r));
    else if (r.status === 'missing' && !settings.allowMissing) problems.push(`source ${r.entry.id} (${r.entry.lang} ${r.entry.edition}) is missing: wanted ${wantedSource(r.entry)}; ${r.reason}`);
  }
  if (problems.some((p) => p.includes(' is missing: '))) problems.push('pass --allow-missing (or CR_ATLAS_ALLOW_MISSING=1) to build the site without the missing documents; it then lists them on /sources/');
  return problems;
}

/** One line per source: what was used, from where, and what is missing. */
export function describeResolved(resolved: Resolved[]): string {
  return resolved
    .map((r) => {
      switch (r.status) {
        case 'found':
          return `used    ${r.entry.id.padEnd(24)} ${r.origin.padEnd(8)} ${r.path}`;
        case 'would-download':
          return `fetch   ${r.entry.id.padEnd(24)} download ${r.entry.url ?? r.entry.archive} → ${r.path}`;
        case 'missing':
          return `missing ${r.entry.id.padEnd(24)} skipped: ${r.reason}`;
        case 'corrupt':
          return `ERROR   ${r.entry.id.padEnd(24)} ${mismatchMessage(r)}`;
      }
    })
    .join('\n');
}

/** The settings in one line, for the top of `cr sources` and the data build's report. */
export function describeSettings(s: SourceSettings): string {
  return `mirror: ${s.mirror ?? 'none'}; network: ${s.networkWhy}; timeouts: connect ${s.limits.connectTimeout} s, total ${s.limits.totalTimeout} s, ${s.retries} retry; missing documents: ${s.allowMissing ? 'allowed (--allow-missing)' : 'stop the build'}`;
}
