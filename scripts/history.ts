/**
 * `cr diff` and `cr history`: the rules across time on the command line (a contract other tools and
 * checks use; see the README). `cr update` is scripts/update.ts (it prints `describeDiff` from here).
 *   diff OLD NEW [--lang en] [--json] [--all]   what changed between two English editions (either order)
 *   history NUMBER [--edition E] [--json]       every English edition in which the rule exists, following renumbering
 * They read the history store of `npm run data` (src/generated/history.json).
 */
import { normalizeRuleQuery } from '../src/model/rule-number.ts';
import { LANGS } from '../src/i18n/locales.ts';
import { hasCatalog, hasHistory, readHistory } from '../src/pipeline/generated.ts';
import { fileDateNote } from '../src/site/file-dates.ts';
import { getFileDates } from '../src/site/load.ts';
import { diffEditions, type Counts, type EditionDiff } from '../src/history/diff.ts';
import { ruleHistory } from '../src/history/history.ts';
import type { HistoryStore } from '../src/history/store.ts';
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
  const lang = oneOf('lang', values.lang, LANGS) ?? 'en';
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
