/** What the widget says about checks and card names, without a browser. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from '../../src/engine/index.ts';
import { describeCheck } from '../../src/sandbox/checks.ts';
import { bracketedNames, japaneseNames } from '../../src/sandbox/local-names.ts';
import { keywordName, nameOf, stackLabel } from '../../src/sandbox/model.ts';
import { describeAction, describeStep } from '../../src/sandbox/narrate-steps.ts';
import { translator } from '../../src/sandbox/strings.ts';
import { LANGS } from '../../src/sandbox/labels.ts';
import { loadScenario, scenarioFiles } from '../../scripts/scenario.ts';
import { ROOT } from '../helpers.ts';

const load = (f: string) => JSON.parse(readFileSync(join(ROOT, 'content/scenarios', f), 'utf8')) as Scenario;

describe('checks said as sentences', () => {
  const ogre = load('613.4-ex2-gray-ogre.json');
  const r = runScenario(ogre);

  it('names the card and the quality checked, in each language', () => {
    const pt = r.expectations.find((e) => e.path === 'ogre.pt')!;
    expect(describeCheck(pt, ogre, 'en', translator('en'))).toBe(`Gray Ogre: P/T is ${(pt.expected as number[]).join('/')}`);
    expect(describeCheck(pt, ogre, 'ja', translator('ja'))).toMatch(/^Gray Ogreのパワー\/タフネス:\d+\/\d+$/);
    expect(describeCheck(pt, ogre, 'ko', translator('ko'))).toMatch(/^Gray Ogre의 공격력\/방어력: \d+\/\d+$/);
  });

  it('says card types and the card paid for in the page\'s language (208.3a: the Vehicle; 605.4a: the spell)', () => {
    const crew = load('208.3a-ex1-veteran-motorist-crew.json');
    const types = runScenario(crew).expectations.filter((e) => e.path === 'vehicle.types');
    expect(types.map((e) => describeCheck(e, crew, 'ja', translator('ja')))).toEqual(['その機体のタイプ:アーティファクト', 'その機体のタイプ:アーティファクト、クリーチャー']);
    expect(describeCheck(types[1]!, crew, 'ko', translator('ko'))).toBe('그 탑승물의 유형: 마법물체, 생물');
    const mana = load('605.4a-ex1-triggered-mana-ability.json');
    const paid = runScenario(mana).expectations.find((e) => e.path === 'events.payments')!;
    expect(describeCheck(paid, mana, 'en', translator('en'))).toContain('a creature costing {1}{G}');
    expect(describeCheck(paid, mana, 'ja', translator('ja'))).toContain('{1}{G} のクリーチャー');
    expect(describeCheck(paid, mana, 'ko', translator('ko'))).toContain('{1}{G} 생물');
  });

  it('says the name a copy takes as the page names that card (706.3: Runeclaw Bear; the Korean CR keeps it in English)', () => {
    // the Japanese name as the build pairs it from the example (scripts/build/sandbox-data.ts localNamesFor)
    const vesuvan = { ...load('706.3-ex1-vesuvan-doppelganger.json'), localNames: { ja: { bear: '《ルーン爪の熊》' } } } as Scenario;
    const names = runScenario(vesuvan).expectations.filter((e) => e.path.endsWith('.name'));
    expect(names.length).toBeGreaterThan(0);
    for (const e of names) {
      expect(describeCheck(e, vesuvan, 'ja', translator('ja'))).toMatch(/の名前:《ルーン爪の熊》$/);
      expect(describeCheck(e, vesuvan, 'ko', translator('ko'))).toMatch(/의 이름: Runeclaw Bear$/);
      expect(describeCheck(e, vesuvan, 'en', translator('en'))).toMatch(/name is Runeclaw Bear$/);
    }
  });

  it('says what was found when a check fails', () => {
    const pt = { ...r.expectations.find((e) => e.path === 'ogre.pt')!, actual: [1, 1], passed: false };
    expect(describeCheck(pt, ogre, 'en', translator('en'))).toMatch(/ — but it is 1\/1$/);
  });

  it('never shows an engine path or an object id for any check of any scenario', () => {
    const scenarios = scenarioFiles().map((f) => loadScenario(f).scenario!);
    let n = 0;
    for (const s of scenarios) {
      const ids = Object.keys(s.setup.objects ?? {}).filter((id) => !nameOf(s, id, 'en').includes(id));
      for (const e of runScenario(s).expectations) {
        for (const lang of LANGS) {
          const text = describeCheck(e, s, lang, translator(lang));
          n++;
          expect(text, `${s.id} ${e.path}`).not.toMatch(/trace\.|damageEvent|\bP[12]\.|undefined|\bcites\b/);
          for (const id of ids) expect(text, `${s.id} ${e.path} (${lang}) shows the id "${id}"`).not.toMatch(new RegExp(`\\b${id}\\b`));
        }
      }
    }
    // every check of every scenario in three languages (> 79 scenarios × at least one check × 3)
    expect(n).toBeGreaterThan(79 * 3);
  });
});

describe('no field or op of the scenario format in front of a reader', () => {
  it('the Guile example (701.19c #1): the shuffle and the library order as sentences', () => {
    const guile = load('701.19c-ex1-guile-shuffle.json');
    const checks = runScenario(guile).expectations;
    const shuffle = checks.find((e) => e.path === 'events.shuffles')!;
    expect(describeCheck(shuffle, guile, 'en', translator('en'))).toBe('Shuffled: the library of Player 1');
    expect(describeCheck(shuffle, guile, 'ja', translator('ja'))).toBe('プレイヤー1のライブラリーが切り直される');
    expect(describeCheck(shuffle, guile, 'ko', translator('ko'))).toBe('플레이어 1의 서고를 섞는다');
    const top = checks.find((e) => e.path === 'P1.libraryTop' || e.path === 'P1.library')!;
    expect(describeCheck(top, guile, 'ja', translator('ja'))).toMatch(/^プレイヤー1のライブラリー(の一番上)?:ライブラリーのカード[123]、/);
  });

  it('the stack in the page language: the engine labels its items in English ("Guile: triggered ability (dies)")', () => {
    const guile = { ...load('701.19c-ex1-guile-shuffle.json'), localNames: { ja: { guile: '《狡知》' } } } as Scenario;
    const label = runScenario(guile).steps[0]!.state.stack[0]!;
    expect(label).toBe('Guile: triggered ability (dies)');
    expect(stackLabel(label, guile, 'en', translator('en'))).toBe(label);
    expect(stackLabel(label, guile, 'ja', translator('ja'))).toBe('《狡知》の誘発型能力');
    expect(stackLabel(label, guile, 'ko', translator('ko'))).toBe('Guile의 격발 능력');
    expect(stackLabel("Guile's ability", guile, 'ja', translator('ja'))).toBe('《狡知》の能力');
    expect(stackLabel('Guile', guile, 'ja', translator('ja'))).toBe('《狡知》');
  });

  it('Korean text never uses the Japanese comma 、 (steps and checks of every scenario)', () => {
    const found: string[] = [];
    for (const s of scenarioFiles().map((f) => loadScenario(f).scenario!)) {
      for (const st of s.steps) if (describeStep(st, s, 'ko', translator('ko')).includes('、')) found.push(`${s.id}: ${describeStep(st, s, 'ko', translator('ko'))}`);
      for (const e of runScenario(s).expectations) if (describeCheck(e, s, 'ko', translator('ko')).includes('、')) found.push(`${s.id}: ${e.path}`);
    }
    expect(found).toEqual([]);
  });

  it('keyword abilities as each CR heads its rule (702.9 飛行/비행, 702.17 到達/대공, 702.16 protection)', () => {
    expect(keywordName('flying', translator('ja'))).toBe('飛行');
    expect(keywordName('flying', translator('ko'))).toBe('비행');
    expect(keywordName('reach', translator('ko'))).toBe('대공');
    expect(keywordName('first-strike', translator('en'))).toBe('first strike');
    expect(keywordName('protection-from-black', translator('ja'))).toBe('プロテクション（黒）');
    expect(keywordName('protection-from-black', translator('en'))).toBe('protection from black');
    const muraganda = load('112.12-ex1-muraganda-petroglyphs.json');
    const has = runScenario(muraganda).expectations.filter((e) => /\.has$/.test(e.path));
    expect(has.length).toBeGreaterThan(0);
    for (const e of has) expect(describeCheck(e, muraganda, 'ja', translator('ja'))).not.toMatch(/flying|trample|haste/);
  });

  it('a sandbox edit that destroys by a filter says which objects, in the words of the CR example (608.2h)', () => {
    const black = load('608.2h-ex1-black-creatures.json');
    const destroys = black.steps.flatMap((st) => (Array.isArray(st.do) ? st.do : [st.do])).filter((a) => a.op === 'destroy');
    const said = (lang: 'en' | 'ja' | 'ko') => destroys.map((a) => describeAction(a, black, lang, translator(lang)));
    // the Japanese example quotes 「黒でないクリーチャーをすべて破壊する」 and 「黒のクリーチャーをすべて破壊する」; the Korean one
    // "흑색이 아닌 모든 생물" and "모든 흑색 생물"
    expect(said('ja')).toEqual(['サンドボックス：黒でないクリーチャーをすべて破壊する', 'サンドボックス：黒のクリーチャーをすべて破壊する']);
    expect(said('ko')).toEqual(['샌드박스: 모든 흑색이 아닌 생물을(를) 파괴한다', '샌드박스: 모든 흑색 생물을(를) 파괴한다']);
    expect(said('en')).toEqual(['Sandbox: every nonblack creature is destroyed', 'Sandbox: every black creature is destroyed']);
  });

  it('an empty answer is said, never left blank (107.4f #1: no way to pay; 614.12 #3: no replacement effect applied)', () => {
    const phyrexian = load('107.4f-ex1-phyrexian.json');
    const none = runScenario(phyrexian).expectations.filter((e) => e.path === 'result' && JSON.stringify(e.expected) === '{"options":[]}');
    const orb = load('614.12-ex3-orb-of-dreams.json');
    const noReplacement = runScenario(orb).expectations.filter((e) => e.path === 'events.replacements' && JSON.stringify(e.expected) === '[]');
    expect([none.length, noReplacement.length]).toEqual([1, 1]);
    expect((['en', 'ja', 'ko'] as const).map((l) => describeCheck(none[0]!, phyrexian, l, translator(l)))).toEqual(['The answer is no legal option', '答え:適正な選択肢なし', '답: 적법한 선택지 없음']);
    expect((['en', 'ja', 'ko'] as const).map((l) => describeCheck(noReplacement[0]!, orb, l, translator(l)))).toEqual(['No replacement effect applies', '置換効果は適用されない', '대체 효과가 적용되지 않는다']);
  });

  it('an effect the example takes as given: its English label on an English page, what it does on ja/ko pages', () => {
    // 613.4 example 2 (2019): "Target creature gets +4/+4 until end of turn" resolves for Gray Ogre
    const ogre = load('613.4-ex2-gray-ogre.json');
    expect(describeStep(ogre.steps[1]!, ogre, 'en', translator('en'))).toBe('Sandbox: an effect starts (Target creature gets +4/+4 until end of turn)');
    expect(describeStep(ogre.steps[1]!, ogre, 'ja', translator('ja'))).toBe('サンドボックス：効果が発生（Gray Ogre：+4/+4、ターン終了時まで）');
    expect(describeStep(ogre.steps[3]!, ogre, 'ko', translator('ko'))).toBe('샌드박스: 효과 발생 (Gray Ogre: 0/1(으)로 정해짐, 턴 끝까지)');
  });
});

describe('card names as the Japanese example writes them', () => {
  it('finds the distinct bracketed names in order', () => {
    expect(bracketedNames('《若き狼》に…《若き狼》と《巨大化》')).toEqual(['若き狼', '巨大化']);
  });

  it('pairs names by order of first appearance and shares one name between copies', () => {
    const s = { setup: { objects: { a: { card: { name: 'Pride Guardian' } }, b: { card: { name: 'Vastwood Gorger' } }, c: { card: { name: 'Pride Guardian' } } } } } as unknown as Scenario;
    expect(japaneseNames(s, 'Vastwood Gorger is blocked by Pride Guardian.', '《巨森を喰らうもの》は《群れの護衛》に')).toEqual({ a: '《群れの護衛》', b: '《巨森を喰らうもの》', c: '《群れの護衛》' });
  });

  it('leaves out objects the scenario names in Japanese itself: they describe an object, they are no card of the example', () => {
    // 208.3a: "Veteran Motorist … crews a Vehicle … the Vehicle" — only Veteran Motorist is bracketed in Japanese
    const s = { names: { v: { en: 'the Vehicle', ja: 'その機体' } }, setup: { objects: { m: { card: { name: 'Veteran Motorist' } }, v: { card: {} } } } } as unknown as Scenario;
    expect(japaneseNames(s, 'Veteran Motorist … and the Vehicle', '《経験豊富な操縦者》…その機体')).toEqual({ m: '《経験豊富な操縦者》' });
  });

  it('gives up rather than guess when the counts differ', () => {
    const s = { setup: { objects: { a: { card: { name: 'Gray Ogre' } } } } } as unknown as Scenario;
    expect(japaneseNames(s, 'Gray Ogre and a Bear', '《灰色オーガ》と《熊》')).toBeNull();
  });

  it('is preferred to the English name on Japanese pages only', () => {
    const s = { ...load('613.4-ex2-gray-ogre.json'), localNames: { ja: { ogre: '《灰色オーガ》' } } } as Scenario;
    expect(nameOf(s, 'ogre', 'ja')).toBe('《灰色オーガ》');
    expect(nameOf(s, 'ogre', 'ko')).toBe('Gray Ogre');
  });
});
