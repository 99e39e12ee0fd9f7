/**
 * Context-trimmed word diffs (src/history/trim.ts): the changed words of a long rule with some context, long
 * unchanged runs folded, nothing lost — on fixtures and on every changed rule between the first and last editions.
 */
import { describe, expect, it } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { readHistory } from '../../src/pipeline/generated.ts';
import { diffEditions, wordDiff, type WordPart } from '../../src/history/diff.ts';
import { CONTEXT_WORDS, MIN_HIDDEN_WORDS, hiddenLabel, trimContext, type Piece } from '../../src/history/trim.ts';
import { historyStrings } from '../../src/history/strings.ts';

const text = (pieces: Piece[]) => pieces.map((p) => (p.kind === 'hidden' ? p.text : p.parts.map((x) => x[1]).join(''))).join('');
const joined = (parts: WordPart[]) => parts.map((x) => x[1]).join('');
const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `w${i + from}`).join(' ');

/**
 * The version of trimContext before it was made linear (as of 7a5a755), kept word for word as the reference: for every unchanged
 * run it looked through all the parts before and after it for a change (quadratic in the parts). The linear
 * version must give the same pieces.
 */
function referenceTrim(parts: readonly WordPart[], context = CONTEXT_WORDS, minHidden = MIN_HIDDEN_WORDS): Piece[] {
  const tokens = (t: string) => t.match(/^\s+|\S+\s*/g) ?? [];
  const wordCount = (toks: string[]) => toks.filter((t) => /\S/.test(t)).length;
  const out: Piece[] = [];
  let shown: WordPart[] = [];
  const show = (p: WordPart) => {
    if (p[1]) shown.push(p);
  };
  const hide = (text: string, n: number, at: 'start' | 'middle' | 'end') => {
    if (shown.length) out.push({ kind: 'shown', parts: shown });
    shown = [];
    out.push({ kind: 'hidden', text, words: n, at });
  };
  const changed = parts.some((p) => p[0] !== 0);
  parts.forEach((p, i) => {
    if (p[0] !== 0 || !changed) return show(p);
    const first = !parts.slice(0, i).some((q) => q[0] !== 0);
    const last = !parts.slice(i + 1).some((q) => q[0] !== 0);
    const toks = tokens(p[1]);
    const lead = toks[0] && !/\S/.test(toks[0]) ? 1 : 0;
    const keepHead = first ? 0 : context;
    const keepTail = last ? 0 : context;
    const n = wordCount(toks);
    if (n - keepHead - keepTail < minHidden) return show(p);
    const headEnd = lead + keepHead;
    const tailStart = toks.length - keepTail;
    show([0, toks.slice(0, headEnd).join('')]);
    hide(toks.slice(headEnd, tailStart).join(''), tailStart - headEnd, first ? 'start' : last ? 'end' : 'middle');
    show([0, toks.slice(tailStart).join('')]);
  });
  if (shown.length) out.push({ kind: 'shown', parts: shown });
  return out;
}

describe('trimContext (fixtures)', () => {
  it('gives what the first (quadratic) version gave: no change, one change, changes at both ends, whitespace runs', () => {
    const cases: WordPart[][] = [
      [],
      [[0, `${words(80)} `]],
      wordDiff(`${words(50)} OLD ${words(60, 100)}`, `${words(50)} NEW ${words(60, 100)}`),
      wordDiff(`OLD ${words(70)} OLD2`, `NEW ${words(70)} NEW2`),
      [[0, `  ${words(40)} `], [1, 'x '], [0, ` ${words(45, 50)} `], [-1, 'y'], [1, 'z'], [0, ` ${words(33, 99)}`]],
    ];
    for (const parts of cases) expect(trimContext(parts)).toEqual(referenceTrim(parts));
  });

  it('leaves a short change whole', () => {
    const parts = wordDiff('Each player draws a card.', 'Each player draws two cards.');
    expect(trimContext(parts)).toEqual([{ kind: 'shown', parts }]);
  });

  it('folds the start, the middle and the end of a long rule, keeping 12 words beside each change', () => {
    const before = `${words(50)} OLD ${words(60, 100)} OLD2 ${words(40, 200)}`;
    const after = `${words(50)} NEW ${words(60, 100)} NEW2 ${words(40, 200)}`;
    const pieces = trimContext(wordDiff(before, after));
    expect(pieces.map((p) => (p.kind === 'hidden' ? [p.at, p.words] : 'shown'))).toEqual([['start', 38], 'shown', ['middle', 36], 'shown', ['end', 28]]);
    const first = pieces[1] as Extract<Piece, { kind: 'shown' }>;
    // w38 … w49 are the 12 words before the first change.
    expect(joined(first.parts)).toBe(`${words(12, 38)} OLDNEW ${words(12, 100)} `);
    expect(first.parts.filter((x) => x[0] !== 0)).toEqual([[-1, 'OLD'], [1, 'NEW']]);
    expect(text(pieces)).toBe(joined(wordDiff(before, after)));
    expect(hiddenLabel(pieces[2] as Extract<Piece, { kind: 'hidden' }>, historyStrings('en'))).toBe('… 36 unchanged words …');
    expect(hiddenLabel(pieces[0] as Extract<Piece, { kind: 'hidden' }>, historyStrings('en'))).toBe('38 unchanged words …');
  });

  it('does not fold a run that would hide fewer than 20 words', () => {
    // 12 + 12 context words around a run of 43: 19 hidden would be too few.
    const parts = wordDiff(`A ${words(43)} B`, `C ${words(43)} D`);
    expect(trimContext(parts).every((p) => p.kind === 'shown')).toBe(true);
    expect(trimContext(wordDiff(`A ${words(44)} B`, `C ${words(44)} D`)).map((p) => p.kind)).toEqual(['shown', 'hidden', 'shown']);
  });
});

needs(SHARED).describe('trimContext on the real editions', () => {
  const store = readHistory();

  it('205.3m (creature types), 2025-11-14 → 2026-01-16: one added type with 12 words of context, the rest folded', () => {
    const e = diffEditions(store, '2025-11-14', '2026-01-16').rules.find((x) => x.new === '205.3m')!;
    const pieces = trimContext(e.words!);
    expect(pieces.map((p) => p.kind)).toEqual(['hidden', 'shown', 'hidden']);
    const shown = pieces[1] as Extract<Piece, { kind: 'shown' }>;
    expect(shown.parts.filter((x) => x[0] !== 0)).toEqual([[1, 'Sorcerer, ']]);
    // Read in the 2026-01-16 text: the twelve types before "Sorcerer" and the twelve after it.
    expect(joined(shown.parts)).toBe('Sheep, Siren, Skeleton, Skunk, Slith, Sliver, Sloth, Slug, Snail, Snake, Soldier, Soltari, Sorcerer, Spawn, Specter, Spellshaper, Sphinx, Spider, Spike, Spirit, Splinter, Sponge, Squid, Squirrel, Starfish, ');
    // The folded runs are the rest of the old text's words, counted here by splitting the text on spaces.
    const all = e.before!.split(/\s+/).filter(Boolean).length;
    const start = pieces[0] as Extract<Piece, { kind: 'hidden' }>;
    const end = pieces[2] as Extract<Piece, { kind: 'hidden' }>;
    expect(start.words + end.words + 2 * CONTEXT_WORDS).toBe(all);
    expect(text(pieces)).toBe(joined(e.words!));
  });

  it('gives the first version’s pieces for every changed entry of every consecutive pair of editions (205.3m in each)', () => {
    let entries = 0;
    const creatureTypes = new Set<string>();
    for (let i = 1; i < store.editions.length; i++) {
      const d = diffEditions(store, store.editions[i - 1]!, store.editions[i]!);
      for (const e of [...d.rules, ...d.examples, ...d.glossary]) {
        if (!e.words) continue;
        entries++;
        if (e.new === '205.3m') creatureTypes.add(store.editions[i]!);
        expect(trimContext(e.words), `${store.editions[i]} ${e.old} → ${e.new}`).toEqual(referenceTrim(e.words));
      }
    }
    // Floors, so the comparison cannot silently cover nothing: on 2026-11-23 it compared 10,970 entries, and 205.3m
    // (the creature-type list, 2,800 characters, the longest changed rule) changed in 36 of the 83 steps.
    expect(creatureTypes.size).toBeGreaterThanOrEqual(36);
    expect(entries).toBeGreaterThan(10_000);
  });

  it('keeps every character and every change of every changed rule, example and glossary entry, 2009-09-04 → 2026-01-16', () => {
    const d = diffEditions(store, '2009-09-04', '2026-01-16');
    let folded = 0;
    for (const e of [...d.rules, ...d.examples, ...d.glossary]) {
      if (!e.words) continue;
      const pieces = trimContext(e.words);
      expect(text(pieces), `${e.old} → ${e.new}`).toBe(joined(e.words));
      const changes = pieces.flatMap((p) => (p.kind === 'shown' ? p.parts.filter((x) => x[0] !== 0) : []));
      expect(changes).toEqual(e.words.filter((x) => x[0] !== 0));
      folded += pieces.filter((p) => p.kind === 'hidden').length;
    }
    expect(folded).toBeGreaterThan(0);
  });
});
