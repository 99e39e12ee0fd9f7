/**
 * `cr diff`, `cr history` and `cr update`: the rules across time on the command line (a contract other
 * tools and checks use; see the README).
 *   diff OLD NEW [--lang en] [--json] [--all]   what changed between two English editions (either order)
 *   history NUMBER [--edition E] [--json]       every English edition in which the rule exists, following renumbering
 *   update [--from DIR|URL] [--manifest FILE]   find an English edition newer than the manifest's latest, check and
 *                                               parse it, print its diff summary, add it to the manifest (checksum)
 * They read the history store of `npm run data` (src/generated/history.json).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { normalizeRuleQuery } from '../src/model/rule-number.ts';
import { NotARulesDocumentError, parseDocument } from '../src/pipeline/index.ts';
import { PROJECT_ROOT, type Manifest, type SourceEntry } from '../src/pipeline/sources.ts';
import { hasCatalog, hasHistory, readHistory } from '../src/pipeline/generated.ts';
import { fileDateNote } from '../src/site/file-dates.ts';
import { getFileDates } from '../src/site/load.ts';
import { diffEditions, type Counts, type EditionDiff } from '../src/history/diff.ts';
import { ruleHistory } from '../src/history/history.ts';
import { editionItems } from '../src/history/items.ts';
import { buildHistory } from '../src/history/chain.ts';
import { itemsAt, type HistoryStore } from '../src/history/store.ts';
import { UsageError, oneOf, parseOptions } from './args.ts';

const EDITION = /^\d{4}-\d{2}-\d{2}$/;

function loadStore(): HistoryStore {
  if (!hasHistory()) throw new UsageError('no history store: run `npm run data` first (it needs the English editions: ../shared/rules or CR_ATLAS_DOWNLOAD=1)');
  return readHistory();
}

function edition(store: HistoryStore, name: string, value: string | undefined): string {
  if (value === undefined) throw new UsageError(`missing ${name} edition (YYYY-MM-DD)`);
  const v = value === 'latest' ? store.editions[store.editions.length - 1]! : value;
  if (!EDITION.test(v)) throw new UsageError(`${name} edition must be a date YYYY-MM-DD or "latest", not "${value}"`);
  // A file-name date (MagicCompRules_20170119.txt) names the edition the document dates 2017-01-20.
  const stated = hasCatalog() ? getFileDates().toStated['en']?.[v] : undefined;
  if (stated && store.editions.includes(stated)) {
    process.stderr.write(`${fileDateNote('en', v, stated)} Using ${stated}.\n`);
    return stated;
  }
  if (!store.editions.includes(v)) {
    const before = store.editions.filter((e) => e < v).at(-1);
    const after = store.editions.find((e) => e > v);
    throw new UsageError(`no English edition ${v}; nearest: ${[before, after].filter(Boolean).join(' and ')}`);
  }
  return v;
}

function summaryLine(kind: string, c: Counts): string {
  const parts = [`${c.added} added`, `${c.removed} removed`, `${c.changed} changed`, `${c.moved} moved`, `${c['moved-changed']} moved and changed`];
  const minor = [c.referencesOnly ? `${c.referencesOnly} only references renumbered` : '', c.typographyOnly ? `${c.typographyOnly} only typography` : ''].filter(Boolean);
  return `${kind.padEnd(9)} ${parts.join(', ')}${minor.length ? `; ${minor.join(', ')}` : ''}`;
}

export function describeDiff(d: EditionDiff, withEntries: boolean): string {
  const lines = [`English ${d.old} → ${d.new}`, summaryLine('rules', d.summary.rules), summaryLine('examples', d.summary.examples), summaryLine('glossary', d.summary.glossary)];
  if (!withEntries) return `${lines.join('\n')}\n`;
  const name = (e: { old: string | null; new: string | null }) => (e.old && e.new && e.old !== e.new ? `${e.old} → ${e.new}` : (e.new ?? e.old)!);
  const line = (e: EditionDiff['rules'][number], what = '') => `  ${e.status.padEnd(13)} ${name(e)}${what}${e.only === 'references' ? '  (references renumbered)' : e.only === 'typography' ? '  (typography)' : ''}`;
  if (d.rules.length) lines.push('', 'Rules:', ...d.rules.map((e) => line(e)));
  if (d.examples.length) lines.push('', 'Examples:', ...d.examples.map((e) => line(e, ` example ${e.oldIndex && e.newIndex && e.oldIndex !== e.newIndex ? `${e.oldIndex} → ${e.newIndex}` : (e.newIndex ?? e.oldIndex)}`)));
  if (d.glossary.length) lines.push('', 'Glossary:', ...d.glossary.map((e) => line(e)));
  return `${lines.join('\n')}\n`;
}

export function runDiff(args: string[]): string {
  const { values, positionals } = parseOptions(args, { lang: { type: 'string' }, json: { type: 'boolean' }, all: { type: 'boolean' } });
  const lang = oneOf('lang', values.lang, ['en', 'ja', 'ko'] as const) ?? 'en';
  if (lang !== 'en') throw new UsageError(`diffs are made between English editions only (--lang en); the ${lang} translations have one edition each`);
  if (positionals.length !== 2) throw new UsageError('usage: cr diff OLD NEW [--lang en] [--json] [--all]');
  const store = loadStore();
  const d = diffEditions(store, edition(store, 'OLD', positionals[0]), edition(store, 'NEW', positionals[1]), { all: values.all });
  return values.json ? `${JSON.stringify(d, null, 1)}\n` : describeDiff(d, true);
}

export function runHistory(args: string[]): string {
  const { values, positionals } = parseOptions(args, { edition: { type: 'string' }, json: { type: 'boolean' } });
  if (positionals.length !== 1) throw new UsageError('usage: cr history NUMBER [--edition E] [--json]');
  const number = normalizeRuleQuery(positionals[0]!);
  if (!number) throw new UsageError(`"${positionals[0]}" is not a rule number (e.g. 702.19b)`);
  const store = loadStore();
  const at = values.edition === undefined ? undefined : edition(store, '--edition', values.edition);
  const h = ruleHistory(store, number, at);
  if (!h) throw new UsageError(at ? `no rule ${number} in the English edition ${at}` : `no rule ${number} in any English edition ${store.editions[0]} … ${store.editions.at(-1)}`);
  if (values.json) {
    const out = {
      number: h.number,
      edition: h.edition,
      current: h.current,
      removed: h.removed,
      versions: h.versions.map((v) => ({ edition: v.edition, number: v.number, status: v.status, ...(v.only ? { only: v.only } : {}), text: v.text })),
    };
    return `${JSON.stringify(out, null, 1)}\n`;
  }
  const lines = [`Rule ${h.number} (as of ${h.edition}): ${h.current ? (h.current === h.number ? `still ${h.current} today` : `${h.current} today`) : `removed in ${h.removed}`}`];
  for (const v of h.versions) if (v.status !== 'unchanged') lines.push(`  ${v.edition}  ${v.status.padEnd(13)} ${v.number}${v.only ? `  (${v.only === 'references' ? 'references renumbered' : 'typography'})` : ''}`);
  if (h.removed) lines.push(`  ${h.removed}  removed`);
  if (h.gaps.length) lines.push(`  (the source lacks it in ${h.gaps.length === 1 ? h.gaps[0] : `${h.gaps[0]} … ${h.gaps.at(-1)}, ${h.gaps.length} editions`})`);
  return `${lines.join('\n')}\n`;
}

// ------------------------------------------------------------------ update

interface Candidate {
  /** Where it was found (a path or URL). */
  origin: string;
  url?: string;
  bytes: Uint8Array;
}

async function candidatesFrom(from: string): Promise<Candidate[]> {
  if (/^https?:\/\//i.test(from)) {
    const response = await fetch(from);
    if (!response.ok) throw new UsageError(`${from}: HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    if (!/html/i.test(type)) return [{ origin: from, url: from, bytes }];
    // A page (the official rules page): every link to a .txt file on it.
    const html = new TextDecoder().decode(bytes);
    const links = [...new Set([...html.matchAll(/href\s*=\s*["']([^"']+\.txt)["']/gi)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&'), from).href))];
    if (links.length === 0) throw new UsageError(`${from}: the page links to no .txt file`);
    const out: Candidate[] = [];
    for (const link of links) {
      const r = await fetch(link);
      if (r.ok) out.push({ origin: link, url: link, bytes: new Uint8Array(await r.arrayBuffer()) });
    }
    return out;
  }
  const dir = resolve(from);
  if (!existsSync(dir)) throw new UsageError(`${from}: no such directory or file`);
  const files = statSync(dir).isDirectory() ? readdirSync(dir).filter((f) => f.toLowerCase().endsWith('.txt')).map((f) => join(dir, f)) : [dir];
  return files.map((f) => ({ origin: f, bytes: readFileSync(f) }));
}

export interface UpdateOptions {
  from: string;
  manifest: string;
  /** Where a found file is kept for the build (the download cache: never committed). */
  cacheDir: string;
}

export async function runUpdate(args: string[], root = PROJECT_ROOT): Promise<string> {
  const { values, positionals } = parseOptions(args, { from: { type: 'string' }, manifest: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError('usage: cr update [--from DIR|URL] [--manifest FILE]');
  const from = values.from ?? 'https://magic.wizards.com/en/rules';
  const manifestFile = resolve(values.manifest ?? join(root, 'content/manifest.json'));
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const english = manifest.sources.filter((s) => s.lang === 'en');
  const latest = english.map((s) => s.edition).sort().at(-1) ?? '';
  const known = new Set(english.map((s) => s.sha256));
  const found: { c: Candidate; edition: string; sha: string }[] = [];
  const notes: string[] = [];
  for (const c of await candidatesFrom(from)) {
    const sha = createHash('sha256').update(c.bytes).digest('hex');
    if (known.has(sha)) continue;
    let doc;
    try {
      doc = parseDocument(c.bytes, c.origin, { lang: 'en' });
    } catch (e) {
      if (e instanceof NotARulesDocumentError) {
        notes.push(`skipped ${e.message}`);
        continue;
      }
      throw e;
    }
    if (doc.format !== 'en-text' || !doc.edition) {
      notes.push(`skipped ${c.origin}: ${doc.edition ? 'not the English text' : 'no "effective as of" date'}`);
      continue;
    }
    if (doc.edition <= latest) continue;
    const errors = doc.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) throw new UsageError(`${errors[0]!.file}:${errors[0]!.line}: ${errors[0]!.message} (${errors.length} errors; not added)`);
    if (doc.rules.length < 1000 || doc.glossary.length < 100) throw new UsageError(`${c.origin}: only ${doc.rules.length} rules and ${doc.glossary.length} glossary entries; expected a complete edition (not added)`);
    found.push({ c, edition: doc.edition, sha });
  }
  found.sort((a, b) => b.edition.localeCompare(a.edition));
  const newest = found[0];
  if (!newest) return `${[...notes, `up to date: no English edition newer than ${latest} at ${from}`].join('\n')}\n`;
  // What changed against the latest edition of the store.
  const store = loadStore();
  const base = store.editions.at(-1)!;
  const doc = parseDocument(newest.c.bytes, newest.c.origin, { lang: 'en' });
  const pair = buildHistory([itemsAt(store, base), editionItems(doc)]);
  const summary = describeDiff(diffEditions(pair, base, newest.edition), false);
  const mirror = `en/MagicCompRules-${newest.edition}.txt`;
  const entry: SourceEntry = {
    id: `en-${newest.edition}`,
    lang: 'en',
    edition: newest.edition,
    format: 'en-text',
    mirror,
    ...(newest.c.url ? { url: newest.c.url } : {}),
    sha256: newest.sha,
    credit: 'Magic: The Gathering Comprehensive Rules, published by Wizards of the Coast.',
  };
  manifest.sources.push(entry);
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  // Kept where resolveSources looks for downloads, so the next `npm run data` finds it.
  // root/content/manifest.json → root/.cache/rules (a manifest elsewhere keeps its copy beside it).
  const cached = join(dirname(dirname(manifestFile)), '.cache/rules', mirror);
  mkdirSync(dirname(cached), { recursive: true });
  if (newest.c.url) writeFileSync(cached, newest.c.bytes);
  else copyFileSync(newest.c.origin, cached);
  return `${[
    ...notes,
    `new English edition ${newest.edition} (${newest.c.origin}, sha256 ${newest.sha})`,
    summary.trimEnd(),
    `added ${entry.id} to ${manifestFile}${newest.c.url ? '' : ' (no public address known: add its "url")'}; copy kept in ${cached}; run \`npm run data\``,
  ].join('\n')}\n`;
}
