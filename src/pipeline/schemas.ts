/**
 * The JSON files the project reads, each described once in zod (read through src/pipeline/json-file.ts,
 * which turns a mismatch into a located diagnostic): the manifest people edit (content/manifest.json:
 * strict, every field checked, its entry type inferred from here) and the generated data `npm run data`
 * writes (src/generated/: the catalog in full; a document's rules, paragraphs and inline nodes in full,
 * its other parts by their top-level shape; the history store by its shape). A generated file that was
 * edited by hand, cut off or written by an older version stops the build at the place, never passes as data.
 */
import * as z from 'zod';
import { LANGS } from '../i18n/locales.ts';
import type { Catalog } from './generated.ts';
import type { HistoryStore } from '../history/store.ts';
import { isDiagnosticCode } from '../model/diagnostics.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = z.string().regex(DATE, 'an edition date such as 2026-01-16');
const lang = z.enum(LANGS);
const format = z.enum(['en-text', 'ko-text', 'ko-jekyll-text', 'ko-jekyll-html', 'ja-text']);

/** One document of content/manifest.json. */
export const SourceEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z]{2}-[\w.-]+$/, 'an id such as en-2026-01-16'),
  lang,
  /** Edition the document belongs to (the effective date of the English edition it is or translates). */
  edition: date,
  format,
  credit: z.string().min(1),
  /** Committed file, relative to the project root. */
  file: z.string().regex(/^content\//, 'a path under content/').optional(),
  /** Parts (chapters) a partial document holds. */
  parts: z.array(z.string().regex(/^[1-9]$/, 'a part number 1–9')).optional(),
  /** Path inside the mirror directory. */
  mirror: z.string().min(1).optional(),
  url: z.url().optional(),
  /** Archived copy of `url` (web.archive.org), tried when `url` fails: old wizards.com addresses are gone. */
  archive: z.url().optional(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 of 64 lower-case hex digits').optional(),
  /** false: an English edition that feeds only the history of the rules (diffs, changes, histories), no pages. */
  pages: z.boolean().optional(),
});

export const ManifestSchema = z.strictObject({ $comment: z.string().optional(), sources: z.array(SourceEntrySchema) });

const counts = z.strictObject({ current: z.number().int(), outdated: z.number().int(), untranslated: z.number().int() });
const composition = z.strictObject({
  english: date,
  translations: z.array(z.strictObject({ edition: date, file: z.string() })),
  rules: counts,
  parts: z.record(z.string(), counts),
  examples: counts,
  glossary: counts,
  rewrittenRefs: z.number().int(),
});

export const CatalogSchema = z.strictObject({
  editions: z.array(
    z.strictObject({
      lang,
      edition: date,
      latest: z.boolean(),
      partial: z.boolean(),
      title: z.string(),
      ruleCount: z.number().int(),
      sources: z.array(z.strictObject({ id: z.string(), file: z.string(), url: z.string().optional(), credit: z.string() })),
      english: date.nullable(),
      untranslated: z.array(z.string()),
      composed: composition.optional(),
    }),
  ),
  missingSources: z.array(z.strictObject({ id: z.string(), reason: z.string() })),
  sources: z.array(
    z.strictObject({
      id: z.string(),
      lang,
      edition: date,
      status: z.enum(['used', 'missing']),
      location: z.string(),
      url: z.string().optional(),
      credit: z.string(),
      origin: z.enum(['content', 'mirror', 'cache', 'download']).optional(),
      sha256: z.string().optional(),
      bytes: z.number().int().optional(),
      reason: z.string().optional(),
    }),
  ),
}) satisfies z.ZodType<Catalog>;

const RULE = /^\d{3}(?:\.\d+[a-z]?)?$/;
const inline = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), value: z.string() }),
  z.strictObject({ type: z.literal('symbol'), value: z.string() }),
  z.strictObject({ type: z.literal('ref'), text: z.string(), target: z.looseObject({ kind: z.string() }), missing: z.boolean().optional(), was: z.string().optional() }),
  z.strictObject({ type: z.literal('term'), text: z.string(), term: z.string(), english: z.string().optional() }),
  z.strictObject({ type: z.literal('noteRef'), index: z.number().int() }),
  z.strictObject({ type: z.literal('gap'), word: z.string().optional() }),
  z.strictObject({ type: z.literal('restored'), value: z.string(), evidence: z.string() }),
]);
const paragraph = z.array(inline);
const note = z.strictObject({ text: z.string(), form: z.enum(['inline', 'footnote', 'suffix']), line: z.number().int() });
const translation = z.looseObject({ status: z.enum(['current', 'outdated', 'untranslated']) });
const rule = z.strictObject({
  number: z.string().regex(RULE, 'a rule number such as 702.19b'),
  kind: z.enum(['section', 'rule', 'subrule']),
  parent: z.string(),
  children: z.array(z.string()),
  body: z.array(paragraph),
  examples: z.array(z.array(paragraph)),
  notes: z.array(note),
  line: z.number().int(),
  printedNumber: z.string().optional(),
  damaged: z.boolean().optional(),
  translation: translation.optional(),
  duplicate: z.boolean().optional(),
});

/** A document of src/generated/docs/: rules, glossary, parts and diagnostics in full; a ref's target and a translation by their shape. */
export const DocumentSchema = z.strictObject({
  lang,
  edition: date.nullable(),
  title: z.string(),
  format,
  file: z.string(),
  introduction: z.array(z.string()),
  introductionDamaged: z.boolean().optional(),
  parts: z.array(z.strictObject({ number: z.string(), title: z.string(), damaged: z.boolean().optional(), sections: z.array(z.string()) })),
  rules: z.array(rule),
  glossary: z.array(
    z.strictObject({
      term: z.string(),
      reading: z.string().optional(),
      english: z.string().optional(),
      translation: translation.optional(),
      definition: z.array(paragraph),
      refs: z.array(z.string()),
      notes: z.array(note).optional(),
      line: z.number().int(),
      damaged: z.boolean().optional(),
    }),
  ),
  credits: z.array(z.string()),
  termBridge: z.array(z.strictObject({ term: z.string(), english: z.string(), source: z.string() })),
  partial: z.boolean(),
  diagnostics: z.array(
    z.strictObject({
      severity: z.enum(['error', 'warning', 'info']),
      file: z.string(),
      line: z.number().int(),
      message: z.string(),
      code: z.string().refine(isDiagnosticCode, 'a code of the registry (src/model/diagnostics.ts)'),
      rule: z.string().optional(),
    }),
  ),
  composed: composition.optional(),
});

/** src/generated/history.json (src/history/store.ts): its format, editions, texts and chains by shape. */
const span = z.tuple([z.number().int(), z.number().int(), z.string(), z.number().int(), z.array(z.number().int())]);
export const HistorySchema = z.strictObject({
  format: z.literal('cr-atlas-history/1'),
  editions: z.array(date),
  texts: z.array(z.string()),
  rules: z.array(z.array(span)),
  glossary: z.array(z.array(span)),
}) satisfies z.ZodType<HistoryStore>;
