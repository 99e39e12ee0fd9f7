/**
 * `npm run data`: content/ (+ mirror) → parse → finish (merge, terms, with the English, align:
 * src/pipeline/build-documents.ts) → compose the current editions → src/generated/ (layout in src/pipeline/generated.ts), the data the site, search and sandbox read.
 * Prints what it used, what is missing, and the diagnostics per document.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { NotARulesDocumentError, parseDocument } from '../src/pipeline/index.ts';
import { inChapterOrder } from '../src/pipeline/merge.ts';
import { finishDocuments } from '../src/pipeline/build-documents.ts';
import { hintLine } from '../src/model/diagnostics.ts';
import { LANGS } from '../src/i18n/locales.ts';
import { composeCurrentEditions, describeComposition } from '../src/pipeline/current.ts';
import { describeFidelity, fidelityStats } from '../src/pipeline/fidelity.ts';
import { editionDateProblem, editionProblemText } from '../src/pipeline/completeness.ts';
import {
  describeResolved, describeSettings, loadManifest, PROJECT_ROOT, resolveSources, sourceProblems, sourceSettings, SourceError,
  type SourceEntry, type SourceSettings,
} from '../src/pipeline/sources.ts';
import type { RuleDocument } from '../src/model/types.ts';
import { generatedDir, writeGenerated, writeHistory, type Catalog, type CatalogEdition, type SourceRecord } from '../src/pipeline/generated.ts';
import { historyFromSources } from './history-data.ts';
import { replaceDirectory } from './build/replace-dir.ts';
import type { HistoryStore } from '../src/history/store.ts';

/**
 * Throws SourceError (nothing written) on a checksum mismatch, and on a missing document unless the
 * settings allow missing ones; then the catalog lists what was used and what is missing.
 */
export async function buildData(
  settings: SourceSettings = sourceSettings(),
  log: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
  root?: string,
): Promise<{ catalog: Catalog; docs: RuleDocument[]; history: HistoryStore; report: string }> {
  // An impossible or far-future edition would become "the latest" and hide every real one: refused first.
  const manifestFile = join(root ?? PROJECT_ROOT, 'content/manifest.json');
  const undated = loadManifest(root).sources.flatMap((e) => {
    const why = editionDateProblem(e.edition);
    return why ? [`${manifestFile}: source ${e.id}: ${editionProblemText(why)}`] : [];
  });
  if (undated.length > 0) throw new SourceError(undated.join('\n'));
  const resolved = await resolveSources({ settings, log, ...(root ? { root } : {}) });
  const problems = sourceProblems(resolved, settings);
  if (problems.length > 0) throw new SourceError(problems.join('\n'));
  const groups = new Map<string, { entries: SourceEntry[]; docs: RuleDocument[] }>();
  for (const r of resolved) {
    // English editions that feed only the history are read by the history stage, not rendered.
    if (r.status !== 'found' || r.entry.pages === false) continue;
    let doc: RuleDocument;
    try {
      doc = parseDocument(readFileSync(r.path), r.entry.file ?? basename(r.path), { lang: r.entry.lang });
    } catch (e) {
      if (e instanceof NotARulesDocumentError) throw new SourceError(`source ${r.entry.id}: ${e.message}`);
      throw e;
    }
    // A damaged document (garbage in its encoding, ending early, sections missing) stops the build:
    // the site would otherwise quietly hold less than the source.
    const errors = doc.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) {
      const hints = [...new Set(errors.map((d) => d.code))].map(hintLine);
      throw new SourceError(errors.slice(0, 10).map((d) => `${r.path}:${d.line}: ${d.code}: ${d.message}`).join('\n') + (errors.length > 10 ? `\n… and ${errors.length - 10} more errors` : '') + `\n${hints.join('\n')}`);
    }
    // The manifest knows the edition of documents that do not state it (the Korean chapter posts).
    doc.edition ??= r.entry.edition;
    const key = `${r.entry.lang}-${r.entry.edition}`;
    if (!groups.has(key)) groups.set(key, { entries: [], docs: [] });
    groups.get(key)!.entries.push(r.entry);
    groups.get(key)!.docs.push(doc);
  }
  // Merge → terms → with the English → align: the one orchestration (src/pipeline/build-documents.ts).
  const finished = finishDocuments([...groups.values()].map((g) => ({ lang: g.entries[0]!.lang, edition: g.entries[0]!.edition, docs: g.docs })));
  const docs = finished.map((f) => f.doc);
  const history = historyFromSources(resolved);
  // The current edition of each translated language: the latest English, rule by rule in the translation's words.
  const composed = composeCurrentEditions(docs, history.store);
  const editions: CatalogEdition[] = [...groups.values()].map((g, i) => {
    const { doc, english: en, untranslated } = finished[i]!;
    return {
      lang: doc.lang,
      edition: doc.edition!,
      latest: false,
      partial: doc.partial,
      title: doc.title,
      ruleCount: doc.rules.length,
      // An edition of several chapter posts lists them in chapter order (as merged), not the manifest's.
      sources: inChapterOrder(g.docs, g.entries).map(editionSource),
      english: doc.lang === 'en' ? doc.edition : en ? en.edition : null,
      untranslated,
    };
  });
  for (const c of composed) {
    const used = groups.get(`en-${c.edition}`)!.entries.concat(...c.composed!.translations.map((t) => groups.get(`${c.lang}-${t.edition}`)!.entries));
    editions.push({
      lang: c.lang,
      edition: c.edition!,
      latest: false,
      partial: false,
      title: c.title,
      ruleCount: c.rules.length,
      sources: used.map(editionSource),
      english: c.edition,
      untranslated: [],
      composed: c.composed!,
    });
    docs.push(c);
  }
  for (const lang of LANGS) {
    const mine = editions.filter((e) => e.lang === lang).sort((a, b) => b.edition.localeCompare(a.edition));
    if (mine[0]) mine[0].latest = true;
  }
  editions.sort((a, b) => a.lang.localeCompare(b.lang) || b.edition.localeCompare(a.edition));
  const catalog: Catalog = {
    editions,
    missingSources: resolved.flatMap((r) => (r.status === 'missing' ? [{ id: r.entry.id, reason: r.reason }] : [])),
    sources: resolved.map((r): SourceRecord => {
      const e = r.entry;
      const base = { id: e.id, lang: e.lang, edition: e.edition, location: e.file ?? e.mirror ?? e.id, ...(e.url ? { url: e.url } : {}), credit: e.credit };
      return r.status === 'found' ? { ...base, status: 'used', origin: r.origin, sha256: r.sha256, bytes: r.bytes } : { ...base, status: 'missing', reason: r.status === 'missing' ? (settings.mirror ? r.reason.replaceAll(settings.mirror, 'the mirror directory') : r.reason) : r.status };
    }),
  };
  const lines = [describeSettings(settings), describeResolved(resolved), '', history.report];
  for (const d of docs) {
    const count = (s: string) => d.diagnostics.filter((x) => x.severity === s).length;
    lines.push(`${d.lang}-${d.edition}: ${d.rules.length} entries, ${d.glossary.length} glossary terms; diagnostics: ${count('error')} errors, ${count('warning')} warnings, ${count('info')} info`);
    if (d.composed) lines.push(`  ${describeComposition(d.composed)}`);
    else lines.push(`  ${describeFidelity(fidelityStats(d))}`);
  }
  return { catalog, docs, history: history.store, report: lines.join('\n') };
}

/** A source as an edition lists it (its page's source line). */
function editionSource(e: SourceEntry): CatalogEdition['sources'][number] {
  return { id: e.id, file: e.file ?? e.mirror ?? e.id, ...(e.url ? { url: e.url } : {}), credit: e.credit };
}

export async function writeGeneratedData(settings: SourceSettings = sourceSettings()): Promise<void> {
  const { catalog, docs, history, report } = await buildData(settings);
  // Written whole into a fresh directory and swapped in: an interrupted or failed run leaves the
  // previous generated data as it was (scripts/build/replace-dir.ts).
  await replaceDirectory(generatedDir(), (dir) => {
    writeGenerated(catalog, docs, dir);
    writeHistory(history, dir);
  });
  process.stdout.write(`${report}\nwrote ${docs.length} documents to ${generatedDir()}\n`);
}
