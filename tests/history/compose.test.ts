/**
 * The composed current editions (src/pipeline/compose.ts) on the real documents: Japanese and Korean 2026-01-16
 * from the 2019-01-25 translations, the English history and the 2026-01-16 English. Each rule's status is checked
 * against the differ's own verdict (`cr diff 2019-01-25 2026-01-16 --all`), not against the composition's counts.
 */
import { describe, expect, it } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { readDocument, readHistory, readCatalog } from '../../src/pipeline/generated.ts';
import { diffEditions } from '../../src/history/diff.ts';
import { composeCurrentEdition } from '../../src/pipeline/compose.ts';
import { glossaryKey } from '../../src/history/items.ts';
import { paragraphText } from '../../src/model/text.ts';
import type { Inline, Rule, RuleDocument, TranslationStatus } from '../../src/model/types.ts';

const shared = needs(SHARED);

describe('glossaryKey: a translation\'s English headword and the English glossary\'s, alike', () => {
  it('folds numbered senses, slashes and an (Obsolete) mark', () => {
    expect(glossaryKey('Control/Controller')).toBe(glossaryKey('Control, Controller'));
    expect(glossaryKey('Draw(1)')).toBe('draw');
    expect(glossaryKey('Casting Cost (Obsolete)')).toBe('casting cost');
    expect(glossaryKey('Commander(2)')).not.toBe(glossaryKey('Command'));
  });
});

shared.describe('the current Japanese and Korean editions (2026-01-16)', () => {
  const store = readHistory();
  const ja = readDocument('ja', '2026-01-16');
  const ko = readDocument('ko', '2026-01-16');
  const en = readDocument('en', '2026-01-16');
  const ja19 = readDocument('ja', '2019-01-25');
  const ko19 = readDocument('ko', '2019-01-25');
  const rule = (d: RuleDocument, n: string) => d.rules.find((r) => r.number === n && !r.duplicate)!;
  const text = (r: Rule) => r.body.map(paragraphText).join('\n');

  it('has every rule of the latest English, in its order and under its numbers', () => {
    expect(ja.rules.map((r) => r.number)).toEqual(en.rules.map((r) => r.number));
    expect(ko.rules.map((r) => r.number)).toEqual(en.rules.map((r) => r.number));
    expect(ja.parts.map((p) => p.sections)).toEqual(en.parts.map((p) => p.sections));
  });

  it('gives each rule the status the differ gives its English (unchanged, typography or references only: current)', () => {
    // Independent of compose.ts: the English diff of each translation's edition and today's, with every rule listed.
    const expectedFrom = (edition: string, tr: RuleDocument) => {
      const has = new Set(tr.rules.filter((r) => !r.duplicate).map((r) => r.number));
      const out = new Map<string, TranslationStatus>();
      for (const e of diffEditions(store, edition, '2026-01-16', { all: true }).rules) {
        if (!e.new) continue;
        const real = (e.status === 'changed' || e.status === 'moved-changed') && !e.only;
        out.set(e.new, !e.old || !has.has(e.old) ? 'untranslated' : real ? 'outdated' : 'current');
      }
      return out;
    };
    const rank = { current: 0, outdated: 1, untranslated: 2 };
    const ko17 = readDocument('ko', '2017-01-20');
    for (const [doc, expected, older] of [[ja, expectedFrom('2019-01-25', ja19), null], [ko, expectedFrom('2019-01-25', ko19), expectedFrom('2017-01-20', ko17)]] as const) {
      const wrong = doc.rules.filter((r) => expected.get(r.number) !== r.translation!.status);
      if (!older) expect(wrong.map((r) => r.number)).toEqual([]);
      // Korean: the 2017 chapter posts serve only where they do better than 2019 (the newest current translation wins).
      else {
        for (const r of wrong) {
          expect(r.translation!.from!.edition).toBe('2017-01-20');
          expect(older.get(r.number)).toBe(r.translation!.status);
          expect(rank[r.translation!.status]).toBeLessThan(rank[expected.get(r.number)!]);
        }
        // Read from the composed document: 107.9, 107.10, 700.2 (current in 2017's words) and 728.3 (2017's 717.3).
        expect(wrong.map((r) => r.number)).toEqual(['107.9', '107.10', '700.2', '728.3']);
      }
      const counts = { current: 0, outdated: 0, untranslated: 0 };
      for (const r of doc.rules) counts[r.translation!.status]++;
      expect(doc.composed!.rules).toEqual(counts);
    }
    // The Japanese 2019 text lacks no rule its English has: the untranslated rules are exactly those the English
    // added since (`cr diff 2019-01-25 2026-01-16`: 831 since the history matcher pairs 608.3 right, 832 before).
    expect(ja.composed!.rules.untranslated).toBe(diffEditions(store, '2019-01-25', '2026-01-16').summary.rules.added);
  });

  it('120.4 (damage, four steps) is 2019 119.4 in Japanese, outdated, with the English and what changed', () => {
    const r = rule(ja, '120.4');
    expect(r.translation!.status).toBe('outdated');
    expect(r.translation!.from).toEqual({ edition: '2019-01-25', number: '119.4' });
    expect(text(r)).toBe(text(rule(ja19, '119.4')));
    expect(text(r)).toBe('ダメージは3つの手順で処理される。');
    expect(r.translation!.english!.map(paragraphText).join('\n')).toBe(text(rule(en, '120.4')));
    expect(r.translation!.diff).toEqual([[0, 'Damage is processed in a '], [-1, 'three'], [1, 'four'], [0, '-part sequence.']]);
  });

  it('121.4 (drawing from an empty library) is 2019 120.4, current, with its gaps and restored 引 kept', () => {
    const r = rule(ja, '121.4');
    expect(r.translation).toMatchObject({ status: 'current', from: { edition: '2019-01-25', number: '120.4' } });
    expect(r.body).toEqual(rule(ja19, '120.4').body.map((p) => p.map((n) => (n.type === 'ref' ? expect.objectContaining({ type: 'ref' }) : n))));
    expect(r.body.flat().some((n) => n.type === 'restored' && n.value === '引')).toBe(true);
  });

  it('rewrites the numbers a current translation cites to today\'s, keeping the printed one', () => {
    const refs = (d: RuleDocument) => d.rules.flatMap((r) => [...r.body, ...r.examples.flat()].flat()).filter((n): n is Extract<Inline, { type: 'ref' }> => n.type === 'ref');
    const rewritten = refs(ja).filter((n) => n.was !== undefined);
    // Every rewritten reference cites the rule its printed number named in 2019, by the history's chain.
    const diff = diffEditions(store, '2019-01-25', '2026-01-16', { all: true });
    const now = new Map(diff.rules.filter((e) => e.old && e.new).map((e) => [e.old!, e.new!]));
    expect(rewritten.length).toBeGreaterThan(100);
    for (const n of rewritten.filter((x) => x.target.kind === 'rule')) {
      expect(n.target.number).toBe(now.get(n.was!));
      expect(n.text).toBe(n.target.number);
    }
    // A range printed short keeps its short form: 2019 616.1a-d became 616.1a-e.
    expect(rewritten.some((n) => n.was === '616.1a-d' && n.text === '616.1a-e')).toBe(true);
    // Nothing cites a 2019 number the history maps elsewhere without being rewritten.
    const stale = refs(ja).filter((n) => n.was === undefined && n.target.kind === 'rule' && now.has(n.target.number) && now.get(n.target.number) !== n.target.number && !n.missing);
    expect(stale.filter((n) => ja.rules.some((r) => r.translation!.status !== 'untranslated' && [...r.body, ...r.examples.flat()].flat().includes(n)))).toEqual([]);
  });

  it('takes each translated rule from one ancestor only: chains are one to one (splits leave the new half untranslated)', () => {
    const froms = ja.rules.flatMap((r) => (r.translation!.from ? [r.translation!.from.number] : []));
    expect(new Set(froms).size).toBe(froms.length);
  });

  it('shows untranslated rules in today\'s English, term links pointing at the edition\'s own headwords', () => {
    const untranslated = ja.rules.filter((r) => r.translation!.status === 'untranslated');
    for (const r of untranslated.slice(0, 200)) expect(text(r)).toBe(text(rule(en, r.number)));
    const headwords = new Set(ja.glossary.map((g) => g.term));
    const terms = untranslated.flatMap((r) => r.body.flat()).filter((n) => n.type === 'term');
    expect(terms.length).toBeGreaterThan(0);
    for (const t of terms) expect(headwords.has(t.term)).toBe(true);
  });

  it('composes the Japanese glossary by English headword, both senses of a split entry kept', () => {
    const g = (term: string) => ja.glossary.filter((x) => x.term === term);
    const commander = ja.glossary.filter((x) => x.english?.startsWith('Commander('));
    expect(commander.map((x) => x.english).sort()).toEqual(['Commander(1)', 'Commander(2)']);
    expect(g('トランプル')[0]?.translation?.status).toBe('current');
    // Airbend is new since 2019: shown in English.
    expect(ja.glossary.find((x) => x.term === 'Airbend')?.translation).toEqual({ status: 'untranslated', from: null });
    const c = ja.composed!.glossary;
    expect(c.current + c.outdated + c.untranslated).toBe(ja.glossary.length);
    // The Korean translations have no glossary: none is composed (the term pairs stand in).
    expect(ko.glossary).toEqual([]);
  });

  it('prefers a newer translation rule by rule, an older one where only it is current', () => {
    // A fictitious newer Japanese translation of 2019-05-03 (an English edition of the history): the 2019-01-25
    // text with 100.1 and 119.4 edited. 100.1 then comes from it; a rule it lacks comes from 2019-01-25.
    const edited = (r: Rule): Rule => ({ ...r, body: [[{ type: 'text', value: `改訂：${text(r)}` }]] });
    const newer: RuleDocument = {
      ...ja19,
      edition: '2019-05-03',
      rules: ja19.rules.filter((r) => r.number !== '701.2').map((r) => (r.number === '100.1' || r.number === '119.4' ? edited(r) : r)),
    };
    const both = composeCurrentEdition({ translations: [ja19, newer], english: en, store });
    expect(rule(both, '100.1').translation!.from).toEqual({ edition: '2019-05-03', number: '100.1' });
    expect(text(rule(both, '100.1'))).toBe(`改訂：${text(rule(ja19, '100.1'))}`);
    expect(rule(both, '701.2').translation!.from).toEqual({ edition: '2019-01-25', number: '701.2' });
    expect(both.composed!.translations.map((t) => t.edition)).toEqual(['2019-05-03', '2019-01-25']);
  });

  it('is listed in the catalog as the latest edition of its language, with its sources', () => {
    const c = readCatalog();
    for (const lang of ['ja', 'ko'] as const) {
      const e = c.editions.find((x) => x.lang === lang && x.edition === '2026-01-16')!;
      expect(e.latest).toBe(true);
      expect(e.english).toBe('2026-01-16');
      expect(e.composed!.english).toBe('2026-01-16');
      expect(c.editions.find((x) => x.lang === lang && x.edition === '2019-01-25')!.latest).toBe(false);
    }
  });
});
