/**
 * Worst-case inputs for the readers: huge lines and pathological markup that would expose quadratic
 * or exponential work. The tests check that each is read correctly (a hang fails them by the test
 * timeout); `npm run bench -- worst` times them. One list, so the two never drift apart.
 */

/** Furigana cleanup of single huge lines (src/pipeline/furigana.ts cleanLine), with the glossary lines it uses. */
export const FURIGANA_HEADWORDS = [
  'プレイヤー(ぷれいやー)/Player',
  'あなた(あなた)/You/Your',
  'カウンター(かうんたー)/Counter(n)',
  '色(いろ)/Color',
  '島(しま)/Island',
  '沼(ぬま)/Swamp',
  '山(やま)/Mountain',
  '森(もり)/Forest',
  '平地(へいち)/Plains',
  '場(ば)/In Play',
];

export const FURIGANA_LINES: [string, string][] = [
  ['ruby terms', 'プレイヤーぷれいやー'.repeat(40_000)],
  ['one katakana run', 'カ'.repeat(400_000)],
  ['ヴ run before hiragana', 'ヴ'.repeat(400_000) + 'ぁ'],
  ['ヴ and ー run before hiragana', 'ヴー'.repeat(200_000) + 'ぁ'],
  ['katakana and hiragana', 'カカあ'.repeat(133_333)],
  ['hiragana term prefixes', 'あなたあなた'.repeat(66_666) + 'あ'],
  ['references', 'rule 100.1'.repeat(40_000) + '〕'],
  ['reference with open title', 'rule 1' + 'あ'.repeat(400_000) + '〕'],
  ['orphan readings', 'いろ'.repeat(200_000)],
  ['orphan chain', 'しまぬま'.repeat(100_000)],
  ['brackets', '「'.repeat(200_000) + '」'.repeat(200_000)],
  ['spaces', 'rule' + ' '.repeat(400_000)],
];

/** A Japanese document whose rule 100.1 is one 400,000-character line. */
export function japaneseLongLine(): string {
  const body = '100.1. ' + 'プレイヤーぷれいやーカードかーどいろrule 1〕'.repeat(16_000);
  return ['1. 部', '', '100. 原則', '', body, '', '用語集', '', 'プレイヤー(ぷれいやー)/Player', '', ' 人。', '', 'カード(かーど)/Card', '', ' 物。'].join('\n');
}

/** Korean plain/markdown documents of about 50,000 characters of repeated hostile fragments. */
export function koreanTextInputs(n = 50_000): string[] {
  return [
    `100.1. ${'(번역자 주-'.repeat(n / 4)}`,
    `100.1. ${'번역자)'.repeat(n / 4)}`,
    `100.1. ${'규칙 100.1.'.repeat(n / 8)}a`,
    `---\ntitle: x\n---\n\n#### 100. 일반\n\n100.1. ${'*_[^'.repeat(n / 4)}\n`,
    `${'100.1a x\n'.repeat(n / 8)}`,
  ];
}

/** Korean Jekyll HTML posts with unclosed anchors, nested paragraphs and delimiter floods. */
export function koreanHtmlInputs(n = 50_000): string[] {
  return [
    `---\ntitle: x\n---\n<p class="clause">**100.1a** ${'<a name="x '.repeat(n / 10)}</p>\n`,
    `---\ntitle: x\n---\n\n${'<a name="100.1"></a>\n<p class="paragraph" markdown="1">**100.1.** x *_ [^1] <p class="example">\n'.repeat(n / 80)}`,
    `---\ntitle: x\n---\n\n<p class="paragraph">**100.1.** ${'*_'.repeat(n / 2)}</p>\n`,
  ];
}
