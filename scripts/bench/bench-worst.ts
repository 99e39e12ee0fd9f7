/**
 * `npm run bench -- worst`: time of the readers on the worst-case inputs of scripts/bench/worst-cases.ts
 * (median of 5 runs after one warm-up). Measured here, never asserted in tests.
 */
import { cleanLine, createFuriganaMatcher, glossaryPairs, orphanTable, parseHeadword } from '../../src/pipeline/furigana.ts';
import { readJapaneseText } from '../../src/pipeline/readers/ja-text.ts';
import { readKoreanText } from '../../src/pipeline/readers/ko-text.ts';
import { readKoreanJekyllHtml } from '../../src/pipeline/readers/ko-jekyll-html.ts';
import { median } from '../stats.ts';
import { FURIGANA_HEADWORDS, FURIGANA_LINES, japaneseLongLine, koreanHtmlInputs, koreanTextInputs } from './worst-cases.ts';

function time(run: () => unknown): number {
  run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  return median(times);
}

export function benchWorst(): (string | number)[][] {
  const pairs = glossaryPairs(FURIGANA_HEADWORDS.map((l) => parseHeadword(l)!));
  const ctx = { matcher: createFuriganaMatcher(pairs), orphans: orphanTable(pairs) };
  const rows: (string | number)[][] = [];
  for (const [name, line] of FURIGANA_LINES) rows.push([`furigana: ${name}`, line.length, time(() => cleanLine(line, ctx)).toFixed(1)]);
  const ja = japaneseLongLine();
  rows.push(['ja-text: 400,000-character rule line', ja.length, time(() => readJapaneseText(ja, 'worst.txt')).toFixed(1)]);
  koreanTextInputs().forEach((s, i) => rows.push([`ko-text: pathological ${i + 1}`, s.length, time(() => readKoreanText(s, 'worst.txt')).toFixed(1)]));
  koreanHtmlInputs().forEach((s, i) => rows.push([`ko-jekyll-html: pathological ${i + 1}`, s.length, time(() => readKoreanJekyllHtml(s, 'worst.txt')).toFixed(1)]));
  return rows;
}
