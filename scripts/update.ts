/**
 * `cr update [--from DIR|FILE|URL] [--lang en|ja|ko] [--manifest FILE]`: find a document newer than the
 * manifest's latest of that language, check it as strictly as the build (it parses; it states a real
 * edition date; no encoding garbage, control characters or completeness finding; a translation names an
 * English edition the manifest has), print what changed (English: the diff summary against the history),
 * and add it to the manifest with its sha256, keeping a copy in the download cache for `npm run data`.
 * Where it looks is bounded (scripts/update-candidates.ts); what it skips is said on stdout, what it
 * refuses (a damaged or impossible document) on stderr, each with the reason.
 * Exit 1 when nothing was added and a candidate was refused or could not be read (a newer one may exist).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Lang, RuleDocument, SourceFormat } from '../src/model/types.ts';
import { LANGS } from '../src/i18n/locales.ts';
import { NotARulesDocumentError, parseDocument } from '../src/pipeline/index.ts';
import { PROJECT_ROOT, SourceError, sha256, sourceSettings, type Manifest, type SourceEntry } from '../src/pipeline/sources.ts';
import { hasCatalog, hasHistory, readCatalog, readHistory } from '../src/pipeline/generated.ts';
import { diffEditions } from '../src/history/diff.ts';
import { editionItems } from '../src/history/items.ts';
import { buildHistory } from '../src/history/chain.ts';
import { itemsAt } from '../src/history/store.ts';
import { UsageError, oneOf, parseOptions } from './args.ts';
import { describeDiff } from './history.ts';
import { UpdateSourceError, candidatesFrom, type Candidate } from './update-candidates.ts';

const OFFICIAL_RULES_PAGE = 'https://magic.wizards.com/en/rules';

const FORMATS: Record<Lang, readonly SourceFormat[]> = { en: ['en-text'], ja: ['ja-text'], ko: ['ko-text', 'ko-jekyll-text', 'ko-jekyll-html'] };
const LANG_NAME: Record<Lang, string> = { en: 'English', ja: 'Japanese', ko: 'Korean' };

export interface UpdateResult {
  /** The report (stdout). */
  text: string;
  /** 0, or 1 when nothing was added and something newer may have been missed. */
  exitCode: number;
}

/** The project a manifest belongs to: `<project>` for `<project>/content/manifest.json`, else the manifest's directory. */
const projectOf = (manifestFile: string) => (basename(dirname(manifestFile)) === 'content' ? dirname(dirname(manifestFile)) : dirname(manifestFile));

/** Where the copy of an added document is kept: `<project>/.cache/rules` for `<project>/content/manifest.json`, else beside the manifest. */
export function cacheRootFor(manifestFile: string): string {
  return join(projectOf(manifestFile), '.cache/rules');
}

/** sha256 → id of the documents the manifest has in `lang`: its checksums, and those of its committed files (the seeds carry none). */
function knownDocuments(entries: SourceEntry[], manifestFile: string): Map<string, string> {
  const known = new Map<string, string>();
  for (const e of entries) {
    if (e.sha256) known.set(e.sha256, e.id);
    else if (e.file && existsSync(join(projectOf(manifestFile), e.file))) known.set(sha256(readFileSync(join(projectOf(manifestFile), e.file))), e.id);
  }
  return known;
}

/** Written whole or not at all (a temporary file renamed into place). */
function writeWhole(file: string, data: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.part`, data);
  renameSync(`${file}.part`, file);
}

/**
 * Why a parsed candidate is refused, located (`file:line: code: message`), or null when it is clean:
 * every error, and a title and date line that disagree (which edition it is would be a guess).
 */
function refusal(doc: RuleDocument): string | null {
  const errors = doc.diagnostics.filter((d) => d.severity === 'error' || d.code === 'edition-mismatch');
  if (errors.length === 0) return null;
  const e = errors[0]!;
  return `${e.file}:${e.line}: ${e.code}: ${e.message} (${errors.length} error${errors.length === 1 ? '' : 's'}; not added)`;
}

/** What of the sandbox follows the new edition's examples (the build does the same: scripts/build/sandbox-data.ts). */
async function sandboxCarry(doc: RuleDocument): Promise<string> {
  try {
    const { loadScenario, scenarioFiles } = await import('./scenario.ts');
    const { carrySource, carryToEdition, describeCarry } = await import('./sandbox-carry.ts');
    const scenarios = scenarioFiles().flatMap((f) => loadScenario(f).scenario ?? []);
    const from = carrySource(scenarios, doc.edition!);
    if (!from || !hasCatalog() || !readCatalog().editions.some((e) => e.lang === 'en' && e.edition === from)) return `sandbox: no scenario attached to an English edition before ${doc.edition} in the generated data (run \`npm run data\`)`;
    return describeCarry(carryToEdition(scenarios, from, doc));
  } catch (e) {
    return `sandbox: cannot tell what carries over (${(e as Error).message.split('\n')[0]}; run \`npm run data\`)`;
  }
}

export async function runUpdate(args: string[], root = PROJECT_ROOT, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`), today?: Date): Promise<UpdateResult> {
  const { values, positionals } = parseOptions(args, { from: { type: 'string' }, manifest: { type: 'string' }, lang: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`usage: cr update [--from DIR|FILE|URL] [--lang ${LANGS.join('|')}] [--manifest FILE]`);
  const lang = oneOf('lang', values.lang, LANGS) ?? 'en';
  if (lang !== 'en' && values.from === undefined) throw new UsageError(`--lang ${lang} needs --from DIR|FILE|URL: there is no official page of ${LANG_NAME[lang]} translations`);
  const from = values.from ?? OFFICIAL_RULES_PAGE;
  const manifestFile = resolve(values.manifest ?? join(root, 'content/manifest.json'));
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const mine = manifest.sources.filter((s) => s.lang === lang);
  const englishEditions = new Set(manifest.sources.filter((s) => s.lang === 'en').map((s) => s.edition));
  const latest = mine.map((s) => s.edition).sort().at(-1) ?? '';
  const known = knownDocuments(mine, manifestFile);
  let settings;
  try {
    settings = sourceSettings({}, process.env, root);
  } catch (e) {
    if (e instanceof SourceError) throw new UsageError(e.message);
    throw e;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(from) && !settings.network && settings.networkWhy.startsWith('offline')) throw new UsageError(`${from}: the network is off (${settings.networkWhy}); give --from a directory or file`);

  const notes: string[] = [];
  let refused = 0;
  let unread = 0;
  let alreadyKnown = 0;
  // Only the best candidate so far is kept: memory holds one document however many are found.
  let best: { c: Candidate; doc: RuleDocument; sha: string } | null = null;
  try {
    for await (const found of candidatesFrom(from, { limits: settings.limits, retries: settings.retries, log })) {
      if ('note' in found) {
        notes.push(found.note);
        if (found.failed) unread++;
        continue;
      }
      const c = found.candidate;
      const sha = sha256(c.bytes);
      if (known.has(sha)) {
        alreadyKnown++;
        continue;
      }
      let doc: RuleDocument;
      try {
        doc = parseDocument(c.bytes, c.origin, { lang, ...(today ? { today } : {}) });
      } catch (e) {
        if (!(e instanceof NotARulesDocumentError)) throw e;
        notes.push(`skipped ${e.message}`);
        continue;
      }
      if (!FORMATS[lang].includes(doc.format)) {
        notes.push(`skipped ${c.origin}: read as ${doc.format}; expected ${FORMATS[lang].join(' or ')}`);
        continue;
      }
      if (!doc.edition) {
        notes.push(`skipped ${c.origin}: no edition date found ("effective as of …"${lang === 'ja' ? ' or a title "和訳 YYYYMMDD"' : ''})`);
        continue;
      }
      // An impossible or far-future date is refused whatever it compares to (it would hide every real update).
      if (doc.edition <= latest && !doc.diagnostics.some((d) => d.code === 'edition-date')) {
        notes.push(`skipped ${c.origin}: edition ${doc.edition} is not newer than the manifest's latest ${LANG_NAME[lang]} edition ${latest}`);
        continue;
      }
      const why = refusal(doc);
      if (why) {
        log(`refused ${c.origin}: ${why}`);
        refused++;
        continue;
      }
      if (lang === 'en' && (doc.rules.length < 1000 || doc.glossary.length < 100)) {
        log(`refused ${c.origin}: only ${doc.rules.length} rules and ${doc.glossary.length} glossary entries; expected a complete edition (not added)`);
        refused++;
        continue;
      }
      if (lang !== 'en' && !englishEditions.has(doc.edition)) {
        log(`refused ${c.origin}: it translates the edition ${doc.edition}, of which the manifest has no English edition; add that English edition first (not added)`);
        refused++;
        continue;
      }
      if (!best || doc.edition > best.doc.edition!) {
        if (best) notes.push(`skipped ${best.c.origin}: edition ${best.doc.edition}; ${doc.edition} is newer`);
        best = { c, doc, sha };
      } else notes.push(`skipped ${c.origin}: edition ${doc.edition}; ${best.doc.edition} is newer`);
    }
  } catch (e) {
    if (e instanceof UpdateSourceError) throw new UsageError(e.message);
    throw e;
  }
  if (alreadyKnown > 0) notes.push(`${alreadyKnown} document${alreadyKnown === 1 ? '' : 's'} already in the manifest (same sha256)`);
  if (!best) {
    const missed = refused + unread;
    const tail = missed > 0 ? `no ${LANG_NAME[lang]} edition added: ${[refused ? `${refused} refused` : '', unread ? `${unread} could not be read` : ''].filter(Boolean).join(', ')} at ${from}` : `up to date: no ${LANG_NAME[lang]} edition newer than ${latest} at ${from}`;
    return { text: `${[...notes, tail].join('\n')}\n`, exitCode: missed > 0 ? 1 : 0 };
  }

  const { c, doc, sha } = best;
  const edition = doc.edition!;
  const what: string[] = [];
  if (lang === 'en') {
    // What changed against the newest edition of the history before it (the store may be ahead of the manifest).
    if (!hasHistory()) throw new UsageError('no history store: run `npm run data` first (it needs the English editions: ../shared/rules or CR_ATLAS_DOWNLOAD=1)');
    const store = readHistory();
    const base = store.editions.filter((e) => e < edition).at(-1);
    if (base) what.push(describeDiff(diffEditions(buildHistory([itemsAt(store, base), editionItems(doc)]), base, edition), false).trimEnd());
    what.push(await sandboxCarry(doc));
  } else {
    const previous = mine.filter((s) => s.edition === latest).map((s) => s.id).join(', ');
    what.push(`${doc.rules.length} entries, ${doc.glossary.length} glossary terms (${doc.format}); the previous ${LANG_NAME[lang]} edition: ${previous || 'none'}`);
  }
  const ext = extname(c.origin.split(/[?#]/)[0]!).toLowerCase() || '.txt';
  const mirror = lang === 'en' ? `en/MagicCompRules-${edition}.txt` : `${lang}/${lang}-${edition}${ext}`;
  const entry: SourceEntry = {
    id: `${lang}-${edition}`,
    lang,
    edition,
    format: doc.format,
    mirror,
    ...(c.url ? { url: c.url } : {}),
    sha256: sha,
    credit: lang === 'en'
      ? 'Magic: The Gathering Comprehensive Rules, published by Wizards of the Coast.'
      : `${LANG_NAME[lang]} translation of the ${edition} Comprehensive Rules, from ${c.url ?? basename(c.origin)}.`,
  };
  // Kept where resolveSources looks for downloads, so the next `npm run data` finds it; then the manifest.
  const cached = join(cacheRootFor(manifestFile), mirror);
  writeWhole(cached, c.bytes);
  manifest.sources.push(entry);
  writeWhole(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    text: `${[
      ...notes,
      `new ${LANG_NAME[lang]} edition ${edition} (${c.origin}${c.url && c.url !== c.origin ? ` → ${c.url}` : ''}, sha256 ${sha})`,
      ...what,
      `added ${entry.id} to ${manifestFile}${c.url ? '' : ' (no public address known: add its "url")'}${lang === 'en' ? '' : ' (name its translators in its "credit")'}; copy kept in ${cached}; run \`npm run data\``,
    ].join('\n')}\n`,
    exitCode: 0,
  };
}
