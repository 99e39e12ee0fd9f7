/**
 * The current Japanese and Korean editions on the site: addresses mean today's numbers, the language and edition
 * switches follow a rule through the history (never the bare number), and the API says where each rule comes from.
 */
import { describe, expect, it } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { getSite } from '../../src/site/load.ts';
import { editionLinks, languageLinks } from '../../src/site/nav.ts';
import { getHistory } from '../../src/site/history/history-site.ts';
import { extraFiles } from '../../src/site/api/extras.ts';
import { glossaryEntryHref, ruleHref } from '../../src/site/site.ts';
import { glossaryHref } from '../../src/site/bridge.ts';
import { glossaryData } from '../../src/site/glossary-data.ts';
import { provenance } from '../../src/site/provenance.ts';
import { targetsFor, readRenumber } from '../../src/site/client/switch.ts';
import { paragraphText } from '../../src/model/text.ts';

describe('the switch script follows a renumbered rule, then its ancestors', () => {
  it('tries the rule\'s number in the other edition first, skips a rule it lacks', () => {
    expect(targetsFor('120.4', { '120.4': '121.4', '120': '121' })).toEqual(['121.4', '121']);
    expect(targetsFor('702.19b', {})).toEqual(['702.19b', '702.19', '702']);
    expect(targetsFor('702.150a', { '702.150a': null, '702.150': null })).toEqual(['702']);
  });
  it('reads only a JSON object from the attribute', () => {
    expect(readRenumber('{"1":"2"}')).toEqual({ 1: '2' });
    expect(readRenumber('[1]')).toEqual({});
    expect(readRenumber('not json')).toEqual({});
    expect(readRenumber(undefined)).toEqual({});
  });
});

needs(SHARED).describe('the current editions on the site', () => {
  const site = getSite();
  const store = getHistory();
  const ja = site.latest.get('ja')!;
  const ja19 = site.get('ja', '2019-01-25')!;
  const en = site.latest.get('en')!;
  const pageRules = (ed: typeof ja, n: string) => ed.pageOf.get(n)!.chunk.entries.map((r) => r.number);

  it('/ja/ and /ko/ are the current editions; /ja/120.4/ is today\'s 120.4 (damage), translated from 2019\'s 119.4', () => {
    expect(ja.edition).toBe('2026-01-16');
    expect(ja.base).toBe('/ja/');
    expect(ja19.base).toBe('/ja/2019-01-25/');
    expect(site.latest.get('ko')!.base).toBe('/ko/');
    // /ja/120.4/ has no file: the short address resolves through each edition's page of 120.4.
    expect(ruleHref(ja, '120.4')).toBe('/ja/120/#120.4');
    expect(paragraphText(ja.rules.get('120.4')!.body[0]!)).toBe('ダメージは3つの手順で処理される。');
    // The translation as published keeps its own numbers: 2019's 120.4 is the empty-library rule.
    expect(ruleHref(ja19, '120.4')).toBe('/ja/2019-01-25/120/#120.4');
    expect(provenance(site, ja, ja.rules.get('120.4')!)).toEqual({
      status: 'outdated',
      from: { edition: '2019-01-25', number: '119.4', href: '/ja/2019-01-25/119/#119.4' },
      englishHref: '/en/120/#120.4',
    });
  });

  it('the language switch goes to the same edition in the other language: English 2026 120.4 ↔ current Japanese 120.4', () => {
    const ctx = { section: '120', rules: pageRules(en, '120.4'), store };
    const links = languageLinks(site, en, ctx);
    const jaLink = links.find((l) => l.lang === 'ja')!;
    expect(jaLink.edition).toBe('2026-01-16');
    expect(jaLink.href).toBe('/ja/120/');
    // Same numbering on both sides: no map to follow.
    expect(jaLink.renumber).toBeUndefined();
    // From the Japanese 2019 translation, English is English 2019 (same numbers), not 2026's other 120.4.
    const from19 = languageLinks(site, ja19, { section: '120', rules: pageRules(ja19, '120.4'), store });
    expect(from19.find((l) => l.lang === 'en')).toMatchObject({ edition: '2019-01-25', href: '/en/2019-01-25/120/' });
    expect(from19.find((l) => l.lang === 'en')!.renumber).toBeUndefined();
  });

  it('the edition switch follows each rule of the page through the history (2019 120.4 → 2026 121.4)', () => {
    const links = editionLinks(site, ja19, { section: '120', rules: pageRules(ja19, '120.4'), store });
    const now = links.find((l) => l.edition === '2026-01-16')!;
    // 2019's section 120 (drawing) is today's 121, and each rule of the page moves with it.
    expect(now.href).toBe('/ja/121/');
    expect(now.renumber!['120.4']).toBe('121.4');
    expect(now.renumber!['120']).toBe('121');
    // And back: today's 120.4 (damage) was 2019's 119.4.
    const back = editionLinks(site, ja, { section: '120', rules: pageRules(ja, '120.4'), store }).find((l) => l.edition === '2019-01-25')!;
    expect(back.renumber!['120.4']).toBe('119.4');
    expect(back.href).toBe('/ja/2019-01-25/119/');
    // A rule new since 2019 has no counterpart there: the map says null, and the script falls back to its ancestors.
    const newer = editionLinks(site, ja, { section: '123', rules: pageRules(ja, '123.1'), store }).find((l) => l.edition === '2019-01-25')!;
    expect(newer.renumber!['123.1']).toBeNull();
    // Its section is new too: the link is that edition's contents, never a section that happens to bear the number.
    expect(newer.href).toBe('/ja/2019-01-25/');
  });

  it('publishes "translation" for every rule of a current edition, the English diff for an outdated one', () => {
    const files = [...extraFiles(site)];
    const json = (path: string) => JSON.parse(files.find((f) => f.path === path)!.content);
    // A rule of the per-section file (api/{lang}/{edition}/sections/{section}.json).
    const rule = (dir: string, n: string) => json(`${dir}/sections/${n.split('.')[0]}.json`).rules.find((r: { number: string }) => r.number === n);
    const outdated = rule('api/ja/2026-01-16', '120.4');
    expect(outdated.translation.status).toBe('outdated');
    expect(outdated.translation.from).toEqual({ edition: '2019-01-25', number: '119.4' });
    expect(outdated.translation.diff).toEqual([[0, 'Damage is processed in a '], [-1, 'three'], [1, 'four'], [0, '-part sequence.']]);
    expect(rule('api/ko/2026-01-16', '123').translation).toEqual({ status: 'untranslated', from: null });
    const whole = { ...json('api/ja/2026-01-16/edition.json'), rules: files.filter((f) => f.path.startsWith('api/ja/2026-01-16/sections/')).flatMap((f) => JSON.parse(f.content).rules) };
    expect(whole.rules).toHaveLength(ja.rules.size);
    expect(whole.rules.every((r: { translation?: { status: string } }) => ['current', 'outdated', 'untranslated'].includes(r.translation!.status))).toBe(true);
    expect(whole.composed.rules).toEqual(ja.info.composed!.rules);
    // The rewritten references keep the printed number in the API.
    const rewritten = whole.rules.flatMap((r: { body: { type: string; was?: string }[][] }) => r.body.flat()).filter((n: { was?: string }) => n.was);
    expect(rewritten.length).toBeGreaterThan(0);
    const index = json('api/index.json');
    const composed = index.editions.filter((e: { composed?: unknown }) => e.composed);
    expect(composed.map((e: { lang: string; edition: string }) => `${e.lang}-${e.edition}`)).toEqual(['ja-2026-01-16', 'ko-2026-01-16']);
    // 2019 rules have no "translation": the field belongs to the composed editions.
    expect(rule('api/ja/2019-01-25', '120.4').translation).toBeUndefined();
  });

  it('イベント links to the entry its English means (Event in 116.5, Tournament in 404.2), and each entry\'s bridge names its own English', () => {
    const ja19 = site.get('ja', '2019-01-25')!;
    const event = ja19.doc.glossary.find((g) => g.term === 'イベント' && g.english === 'Event')!;
    const tournament = ja19.doc.glossary.find((g) => g.term === 'イベント' && g.english === 'Tournament')!;
    const termIn = (n: string) => ja19.rules.get(n)!.body.flat().find((x) => x.type === 'term' && x.term === 'イベント') as { term: string; english?: string };
    const href = (n: string) => glossaryHref(ja19, 'イベント', termIn(n).english)!.href;
    expect(href('116.5')).toBe(glossaryEntryHref(ja19, event));
    expect(href('404.2')).toBe(glossaryEntryHref(ja19, tournament));
    expect(href('116.5')).not.toBe(href('404.2'));
    const { equivalents } = glossaryData(site, ja19);
    expect(equivalents(event).find((l) => l.lang === 'en')?.term).toBe('Event');
    expect(equivalents(tournament).find((l) => l.lang === 'en')?.term).toBe('Tournament');
  });

  it('links the published translation from the current one, and today\'s English from each rule', () => {
    expect(ruleHref(ja19, '119.4')).toBe('/ja/2019-01-25/119/#119.4');
    const p = provenance(site, ja, ja.rules.get('702.19b')!)!;
    expect(p.englishHref).toBe('/en/702/2/#702.19b');
    expect(provenance(site, ja19, ja19.rules.get('702.19b')!)).toBeNull();
  });
});
