/**
 * The full-text page's join of its two engines (src/components/search/fuse.ts): when Pagefind is asked
 * at all, and where the rows it found that the core missed go. The decision is read from the core's
 * real answers on the current editions /en/ and /ja/ show.
 */
import { expect } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { nodeSession } from '../../scripts/search-session.ts';
import { ruleQuery } from '../../src/search/rule-query.ts';
import { interleave, MISSED_SLOTS, needsFullText } from '../../src/components/search/fuse.ts';

const { describe, it } = needs(SHARED);

describe('full-text page: one engine first, the second when needed', () => {
  const ask = async (lang: 'en' | 'ja', q: string) => needsFullText(await nodeSession(lang, '2026-01-16').search(q, 10), !!ruleQuery(q), 10);

  it('a rule number, a glossary term or a heading is answered by the core alone', async () => {
    expect(await ask('en', '702.19b')).toBe(false);
    expect(await ask('en', 'trample')).toBe(false);
    expect(await ask('ja', 'トランプル')).toBe(false);
  });

  it('a question or words found only in rule text ask the full text too', async () => {
    // Review 2026-11-27 search #10: the core lists ten rows for クローン カウンター, none the copy rule.
    expect(await ask('ja', 'クローン カウンター')).toBe(true);
    expect(await ask('en', 'what happens if both players would lose at the same time')).toBe(true);
  });

  it('fewer than ten core rows, or no answer from the core, ask the full text', () => {
    expect(needsFullText([{ via: 'title' }], false, 10)).toBe(true);
    expect(needsFullText(null, false, 10)).toBe(true);
    expect(needsFullText(null, true, 10)).toBe(false);
  });

  it('the two best rows the core missed take the 5th and 10th places; the rest follow the core', () => {
    expect(MISSED_SLOTS).toEqual([4, 9]);
    const core = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10'];
    expect(interleave(core, ['p1', 'p2', 'p3'])).toEqual(['c1', 'c2', 'c3', 'c4', 'p1', 'c5', 'c6', 'c7', 'c8', 'p2', 'c9', 'c10', 'p3']);
    // Fewer core rows: the full text's rows simply follow them, in Pagefind's order.
    expect(interleave(['c1', 'c2'], ['p1', 'p2', 'p3'])).toEqual(['c1', 'c2', 'p1', 'p2', 'p3']);
    expect(interleave(core, [])).toEqual(core);
  });
});
