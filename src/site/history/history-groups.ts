/**
 * The compare page's shaping of an edition diff (pure, browser and tests): every entry (rule, example, glossary
 * entry) given one kind a reader filters by (text, moved, added, removed, and the minor references-only and
 * typography-only, hidden by default), grouped by part and section of the rules (examples under their rule's
 * section, the glossary a group of its own), with counts; and the reader's filter (a rule number or section prefix
 * such as `702.19` — the rule and its subrules —, or words of the text or term). A 2019 → 2026 diff holds thousands
 * of entries: the page shows these groups with their counts and renders a section's entries only when it is opened.
 */
import type { DiffEntry, EditionDiff, ExampleEntry } from '../../history/diff.ts';
import { compareRuleNumbers, groupSection } from '../../model/rule-number.ts';

/** What a reader filters by. `references` and `typography` are the changes that only renumber or retype. */
export type ChangeKind = 'text' | 'moved' | 'added' | 'removed' | 'references' | 'typography';
export const CHANGE_KINDS: readonly ChangeKind[] = ['text', 'moved', 'added', 'removed', 'references', 'typography'];
/** Shown until the reader asks for the minor kinds. */
export const DEFAULT_KINDS: ReadonlySet<ChangeKind> = new Set(['text', 'moved', 'added', 'removed']);

export type EntryClass = 'rules' | 'examples' | 'glossary';
export interface Item {
  cls: EntryClass;
  entry: DiffEntry | ExampleEntry;
  kind: ChangeKind;
  /** Rule number it is listed under (the new one, else the old); the term for the glossary. */
  key: string;
  /** Where the entry carries no texts (the compare outline): what its texts hold that a number filter looks for. */
  numbers?: string;
}

export function kindOf(e: DiffEntry): ChangeKind {
  if (e.only) return e.only;
  switch (e.status) {
    case 'added': return 'added';
    case 'removed': return 'removed';
    case 'moved': return 'moved';
    default: return 'text'; // changed, moved-changed
  }
}

/** Every entry of a diff as one list, in the diff's order. */
export function itemsOf(d: EditionDiff): Item[] {
  const of = (cls: EntryClass) => (e: DiffEntry): Item => ({ cls, entry: e, kind: kindOf(e), key: (e.new ?? e.old)! });
  return [...d.rules.map(of('rules')), ...d.examples.map(of('examples')), ...d.glossary.map(of('glossary'))];
}

export interface Filter {
  /** A rule number or section prefix (`702`, `702.19`, `702.19b`), or words of the text; empty for all. */
  query: string;
  kinds: ReadonlySet<ChangeKind>;
}

const NUMBER = /^\d{1,3}(?:\.\d+[a-z]?)?\.?$/i;

/** Whether the query is a rule number (matched as a prefix on either edition's number) rather than words. */
export const isNumberQuery = (q: string) => NUMBER.test(q.trim());

/** `702.19` covers 702.19 and 702.19a…; `702` the whole section; never 702.190 for 702.19. */
function numberCovers(query: string, n: string | null): boolean {
  if (!n) return false;
  const q = query.trim().replace(/\.$/, '').toLowerCase();
  const m = n.toLowerCase();
  if (m === q || !m.startsWith(q)) return m === q;
  const next = m.charAt(q.length);
  // After a section (702) comes ".", after a rule (702.19) a letter; a digit would be another rule (702.190).
  return /^\d+$/.test(q) ? next === '.' : /[a-z]/.test(next);
}

/** Whether an item passes the filter. Words match the texts before and after and the number or term, any case. */
export function matches(item: Item, f: Filter): boolean {
  if (!f.kinds.has(item.kind)) return false;
  const q = f.query.trim();
  if (!q) return true;
  const e = item.entry;
  if (isNumberQuery(q) && item.cls !== 'glossary') return numberCovers(q, e.old) || numberCovers(q, e.new);
  const words = q.toLowerCase().split(/\s+/);
  const hay = [e.old, e.new, e.before, e.after, item.numbers].filter(Boolean).join('\n').toLowerCase();
  return words.every((w) => hay.includes(w));
}

interface Section {
  /** `702`, or `glossary`. */
  id: string;
  items: Item[];
}
export interface Part {
  /** `7`, or `glossary`. */
  id: string;
  sections: Section[];
  count: number;
}


/** The group an item is listed in: its rule's section (`702`; a part heading `7` is its own), or `glossary`. */
export const groupOf = (it: Pick<Item, 'cls' | 'key'>): string => (it.cls === 'glossary' ? 'glossary' : groupSection(it.key));

/** Items grouped by part and section in rule order (glossary last), each section's items by number. */
export function groupItems(items: readonly Item[]): Part[] {
  const sections = new Map<string, Item[]>();
  for (const it of items) {
    const id = groupOf(it);
    (sections.get(id) ?? sections.set(id, []).get(id)!).push(it);
  }
  const order = [...sections.keys()].filter((k) => k !== 'glossary').sort(compareRuleNumbers);
  const parts = new Map<string, Part>();
  for (const id of order) {
    const partId = id.charAt(0);
    const part = parts.get(partId) ?? parts.set(partId, { id: partId, sections: [], count: 0 }).get(partId)!;
    const list = sections.get(id)!;
    list.sort((a, b) => compareRuleNumbers(a.key, b.key));
    part.sections.push({ id, items: list });
    part.count += list.length;
  }
  const out = [...parts.values()];
  const glossary = sections.get('glossary');
  if (glossary) out.push({ id: 'glossary', sections: [{ id: 'glossary', items: glossary }], count: glossary.length });
  return out;
}

/** Reads a filter from the page's address (`?q=702.19&kinds=text,added`): unknown kinds are dropped. */
export function filterFromParams(params: URLSearchParams): Filter {
  const raw = params.get('kinds');
  const kinds = raw === null ? new Set(DEFAULT_KINDS) : new Set(raw.split(',').filter((k): k is ChangeKind => (CHANGE_KINDS as readonly string[]).includes(k)));
  return { query: params.get('q') ?? '', kinds };
}
