/**
 * The engine's trace in the page's language: every line of every scenario, run in every edition it is attached to,
 * is a message whose key the Japanese and Korean catalogs translate (no English fallback), and the rendered lines
 * keep no English words except card names that have no translation (the scenario gives none and the translated
 * example names none) and the mana symbols and numbers that every language writes the same way.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario, scenarioFiles } from '../../scripts/scenario.ts';
import { runScenario, type RunResult, type Scenario } from '../../src/engine/index.ts';
import { nameOf, runEditionFor } from '../../src/sandbox/model.ts';
import { translator } from '../../src/sandbox/strings.ts';
import { TRACE, namesOf, traceLine } from '../../src/sandbox/trace.ts';

const scenarios = scenarioFiles().map((f) => loadScenario(f).scenario!);
const runs: { s: Scenario; r: RunResult }[] = scenarios.flatMap((s) => [...new Set(s.attach.map((a) => runEditionFor(s, a.edition)))].map((edition) => ({ s, r: runScenario(s, { edition }) })));
const lines = (r: RunResult) => r.steps.flatMap((st) => [...st.entries, ...(st.illegal ? [st.illegal, ...(st.illegal.reasons ?? [])] : [])]);

describe('trace lines in the page language', () => {
  it('runs every scenario in every edition it is attached to', () => {
    expect(runs.length).toBeGreaterThanOrEqual(scenarios.length);
  });

  for (const lang of ['ja', 'ko'] as const) {
    it(`${lang}: every line is a message the ${lang} catalog translates`, () => {
      const untranslated = new Set<string>();
      let n = 0;
      for (const { r } of runs) for (const e of lines(r)) {
        n++;
        if (!e.msg) untranslated.add(`(no message) ${e.text}`);
        else if (!Object.hasOwn(TRACE[lang], e.msg.key)) untranslated.add(e.msg.key);
      }
      expect([...untranslated]).toEqual([]);
      expect(n).toBeGreaterThan(1000); // 86 scenarios × 2 editions, each step several lines
    });

    it(`${lang}: the rendered lines keep no English words but untranslated card names`, () => {
      const t = translator(lang);
      const leftovers = new Map<string, string>();
      for (const { s, r } of runs) {
        const names = namesOf(s, r);
        const c = { s, lang, t, names };
        // card names the page can't translate stay as written (nameOf falls back to English)
        const english = [...names.keys()].filter((n) => { const id = names.get(n)!; const local = nameOf(s, id, lang); return local === n || local === id; }).sort((a, b) => b.length - a.length);
        for (const e of lines(r)) {
          let text = traceLine(e, c);
          for (const n of english) text = text.split(n).join('');
          text = text.replace(/\{[^}]*\}/g, '').replace(/[+-]\d+\/[+-]\d+/g, '');
          const word = /[A-Za-z]{3,}/.exec(text);
          if (word && !leftovers.has(word[0])) leftovers.set(word[0], `${s.id}: ${traceLine(e, c)}`);
        }
      }
      expect(Object.fromEntries(leftovers)).toEqual({});
    });
  }

  it('renders a scenario in each language with its card names as the page writes them', () => {
    const s = scenarios.find((x) => x.id === 'mana-doubling-cube-restricted')!;
    const r = runScenario(s);
    const names = namesOf(s, r);
    const line = (lang: 'en' | 'ja' | 'ko') => traceLine(r.steps[2]!.illegal!, { s, lang, t: translator(lang), names });
    expect(line('en')).toBe("some of P1's mana can be spent only to cast creature spells, so {R}{R}{G} can't be spent on Sorcery");
    // the scenario names the sorcery in each language; players, card types and the sentence come from the catalogs
    expect(line('ja')).toBe('プレイヤー1のマナの一部はクリーチャー・呪文を唱えるためにしか使えないので、{R}{R}{G}を{R}{R}{G} のソーサリーに使うことはできない');
    expect(line('ko')).toBe('플레이어 1의 마나 일부는 생물 주문을(를) 발동하는 데만 쓸 수 있으므로 {R}{R}{G}을(를) {R}{R}{G} 집중마법에 쓸 수 없다');
  });
});
