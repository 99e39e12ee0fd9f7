/**
 * The order of a diff's entries (src/history/diff.ts `sortDiff`): rules and examples by rule number (keys computed once
 * per entry), glossary entries by `compareHeadwords`, which must order every English headword since 2009 exactly as
 * Intl.Collator('en') does (the collator is what the order meant; the plain comparison is what a phone can afford).
 */
import { describe, expect, it } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { readHistory } from '../../src/pipeline/generated.ts';
import { compareHeadwords, sortDiff, type DiffEntry } from '../../src/history/diff.ts';
import { compareRuleNumbers } from '../../src/model/rule-number.ts';

const entry = (old: string | null, neu: string | null): DiffEntry => ({ status: 'changed', old, new: neu });

describe('glossary headwords', () => {
  const { it: itShared } = needs(SHARED);
  itShared('every headword of the history, sorted, is in Intl.Collator("en") order', () => {
    const store = readHistory();
    const words = [...new Set(store.glossary.flatMap((chain) => chain.map((span) => span[2])))];
    expect(words.length).toBeGreaterThan(700); // 751 distinct English headwords since 2009 (outline of the 84 editions)
    const collator = new Intl.Collator('en');
    expect([...words].sort(compareHeadwords)).toEqual([...words].sort(collator.compare));
  });

  it('orders case apart only when the letters are the same', () => {
    expect(['mana ability', 'Mana', 'Mana Ability', 'Absorb', 'ability'].sort(compareHeadwords)).toEqual(['ability', 'Absorb', 'Mana', 'Mana Ability', 'mana ability']);
  });
});

describe('sortDiff', () => {
  it('puts rules by new number (else old), then old number; examples then by index; unparsable numbers last', () => {
    const d = {
      rules: [entry('702.19', '702.10'), entry(null, '701.9'), entry('702.1a', null), entry('x', 'weird'), entry('100.2', '702.10'), entry(null, '702')],
      examples: [{ ...entry('603.2', '603.2'), oldIndex: 2, newIndex: 2 }, { ...entry('603.2', '603.2'), oldIndex: 1, newIndex: 1 }, { ...entry(null, '119.4'), oldIndex: null, newIndex: 3 }],
      glossary: [entry('Trample', 'Trample'), entry(null, 'ability'), entry('Absorb', null)],
    };
    sortDiff(d);
    expect(d.rules.map((e) => `${e.old}>${e.new}`)).toEqual(['null>701.9', 'null>702', '702.1a>null', '100.2>702.10', '702.19>702.10', 'x>weird']);
    expect(d.examples.map((e) => `${e.new}#${e.newIndex}`)).toEqual(['119.4#3', '603.2#1', '603.2#2']);
    expect(d.glossary.map((e) => e.new ?? e.old)).toEqual(['ability', 'Absorb', 'Trample']);
    // the same order as the comparison of whole numbers gives
    const plain = [...d.rules].sort((x, y) => compareRuleNumbers(x.new ?? x.old!, y.new ?? y.old!) || compareRuleNumbers(x.old ?? '', y.old ?? ''));
    expect(d.rules).toEqual(plain);
  });
});
