/**
 * Context-trimmed word diffs (src/history/trim.ts): the changed words of a long rule with some context, long
 * unchanged runs folded, nothing lost — on fixtures and on every changed rule between the first and last editions.
 */
import { describe, expect, it } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { readHistory } from '../../src/pipeline/generated.ts';
import { diffEditions, wordDiff, type WordPart } from '../../src/history/diff.ts';
import { CONTEXT_WORDS, hiddenLabel, trimContext, type Piece } from '../../src/history/trim.ts';

const text = (pieces: Piece[]) => pieces.map((p) => (p.kind === 'hidden' ? p.text : p.parts.map((x) => x[1]).join(''))).join('');
const joined = (parts: WordPart[]) => parts.map((x) => x[1]).join('');
const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `w${i + from}`).join(' ');

describe('trimContext (fixtures)', () => {
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
    expect(hiddenLabel(pieces[2] as Extract<Piece, { kind: 'hidden' }>)).toBe('… 36 unchanged words …');
    expect(hiddenLabel(pieces[0] as Extract<Piece, { kind: 'hidden' }>)).toBe('38 unchanged words …');
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
