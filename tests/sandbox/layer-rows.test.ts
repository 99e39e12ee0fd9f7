/**
 * The layer rows of the sandbox's trace (how an object got its power and toughness, 613) in the page's language:
 * every 'layer' line of every scenario, in every edition it is attached to, carries its rows as data, and the rows
 * read in ja/ko without an English word (the source objects named as the page's example names them); the Gray
 * Ogre example (2019 613.4 example 2, 2026 613.5 example 2) gives exactly the rows its CR text lists, in each
 * language's CR wording of a layer ("layer 7b", 「第7b種」, "레이어 7b").
 */
import { describe, expect, it } from 'vitest';
import { loadScenario, scenarioFiles } from '../../scripts/scenario.ts';
import { localNamesFor, siteEditions } from '../../scripts/build/sandbox-data.ts';
import { runScenario, type Scenario } from '../../src/engine/index.ts';
import type { SiteScenario } from '../../src/sandbox/manifest.ts';
import { layerLines, layerSummary } from '../../src/sandbox/layer-rows.ts';
import { nameOf, runEditionFor } from '../../src/sandbox/model.ts';
import { translator } from '../../src/sandbox/strings.ts';
import { SHARED, needs } from '../inputs.ts';

const plain = scenarioFiles().map((f) => loadScenario(f).scenario!);
const ogre = plain.find((s) => s.id === 'layers-gray-ogre')!;

/** The rows of the layer line of `step` (0-based) for the Ogre, in `lang`. */
function ogreRows(s: Scenario, edition: string, step: number, lang: 'en' | 'ja' | 'ko'): string[] {
  const e = runScenario(s, { edition }).steps[step]!.entries.find((x) => x.kind === 'layer')!;
  return layerLines(layerSummary(e.data)!, s, lang, translator(lang));
}

describe('layer rows in the page language', () => {
  it('Gray Ogre after the 0/1 effect (step 4): the four rows of the CR example, 2019 numbering', () => {
    // 613.4 example 2 (2019): "0/1, with +4/+4 from the resolved spell, +0/+2 from the enchantment, and +1/+1 from
    // the counter" — 7b, 7c, 7c, 7d in the English example; 第7b種/第7c種/第7d種 in the Japanese one
    expect(ogreRows(ogre, '2019-01-25', 3, 'en')).toEqual([
      'printed 2/2', 'layer 7b: becomes 0/1', 'layer 7c: +4/+4', 'layer 7c: +0/+2 (an enchantment: "Creatures you control get +0/+2")', 'layer 7d: +1/+1 (counters)',
    ]);
    expect(ogreRows(ogre, '2019-01-25', 3, 'ja')).toEqual([
      '印刷された値 2/2', '第7b種：0/1になる', '第7c種：+4/+4', '第7c種：+0/+2（「あなたがコントロールしているクリーチャーは+0/+2の修整を得る」というエンチャント）', '第7d種：+1/+1（カウンター）',
    ]);
    expect(ogreRows(ogre, '2019-01-25', 3, 'ko')).toEqual([
      '인쇄된 값 2/2', '레이어 7b: 0/1(으)로 정해짐', '레이어 7c: +4/+4', '레이어 7c: +0/+2 ("당신이 조종하는 생물은 +0/+2를 받는다."라는 능력을 가진 부여마법)', '레이어 7d: +1/+1 (카운터)',
    ]);
  });

  it('Gray Ogre under the 2026 rules: counters apply in layer 7c (613.5 example 2 of 2026-01-16 says "(layer 7c)")', () => {
    expect(ogreRows(ogre, '2026-01-16', 0, 'en')).toEqual(['printed 2/2', 'layer 7c: +1/+1 (counters)']);
    expect(ogreRows(ogre, '2026-01-16', 0, 'ja')).toEqual(['印刷された値 2/2', '第7c種：+1/+1（カウンター）']);
  });

  it('a switch (7e) and an ability of a named card', () => {
    const t = translator('ja');
    expect(layerLines({ printed: [1, 3], rows: [{ layer: '7e', effect: 'e1', timestamp: 3, text: 'switch', rule: '613.3e', source: 'ogre' }] }, ogre, 'ja', t))
      .toEqual(['印刷された値 1/3', `第7e種：パワーとタフネスを入れ替える（${nameOf(ogre, 'ogre', 'ja')}）`]);
    // an internal label or an unnamed source is never shown
    expect(layerLines({ printed: null, rows: [{ layer: '7b', effect: 'eff-3', timestamp: 3, text: '0/1', rule: '613.3b', source: 'x9' }] }, ogre, 'en', translator('en')))
      .toEqual(['printed —', 'layer 7b: becomes 0/1']);
  });
});

needs(SHARED).describe('layer rows of every scenario as the site has them', () => {
  const localNames = localNamesFor(plain, siteEditions().editions);
  const scenarios: SiteScenario[] = plain.map((s) => (localNames.has(s.id) ? { ...s, localNames: localNames.get(s.id)! } : s));

  it('every layer line carries its rows; in ja and ko no English word is left but the names the scenario gives', () => {
    const leftovers: string[] = [];
    let lines = 0;
    for (const s of scenarios) {
      for (const edition of new Set(s.attach.map((a) => runEditionFor(s, a.edition)))) {
        for (const st of runScenario(s, { edition }).steps) {
          for (const e of st.entries.filter((x) => x.kind === 'layer')) {
            const sum = layerSummary(e.data);
            expect(sum, `${s.id}: ${e.text}`).not.toBeNull();
            // the engine's English line lists the same rows: "…: printed 2/2, 7b 0/1, 7c +4/+4"
            expect(e.text.endsWith(`printed ${sum!.printed ? sum!.printed.join('/') : '—'}${sum!.rows.map((r) => `, ${r.layer} ${r.text}`).join('')}`)).toBe(true);
            for (const lang of ['ja', 'ko'] as const) {
              const names = Object.keys({ ...s.setup.objects, ...s.names }).map((id) => nameOf(s, id, lang)).sort((a, b) => b.length - a.length);
              for (const l of layerLines(sum!, s, lang, translator(lang))) {
                lines++;
                let rest = l;
                for (const n of names) rest = rest.split(n).join('');
                if (/[A-Za-z]{2,}/.test(rest)) leftovers.push(`${s.id} ${lang}: ${l}`);
              }
            }
          }
        }
      }
    }
    expect(leftovers).toEqual([]);
    expect(lines).toBeGreaterThan(100); // 68 layer lines in the scenarios' own editions alone, each with ≥ 2 rows, × 2 languages
  });
});
