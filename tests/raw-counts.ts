/**
 * Counts read straight from a raw source file with line regexes, never through a reader: the
 * independent source of the pinned structure counts in the reader tests. Markup is stripped first
 * (HTML tags, markdown `#` headings, `**`/`__`, `&nbsp;`); then a line counts by its leading printed
 * number as a section (`100.`), a rule (`100.1.`, `100.1`) or a subrule (`100.1a`, also glued:
 * `302.4b생물의`), and as an example by a leading `Example:`, `例:` or `예:`. Numbers count as printed:
 * a test that pins a reader's count says how misprints and the contents make the two differ.
 */

/** HTML tags, `&nbsp;`, markdown `**`/`__` and `#` heading marks removed. */
const stripMarkup = (line: string) => line.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/\*\*|__/g, '').replace(/^\s*#+\s*/, '').trim();

export interface RawCounts {
  section: number;
  rule: number;
  subrule: number;
  example: number;
}

export function rawLineCounts(text: string): RawCounts {
  const out: RawCounts = { section: 0, rule: 0, subrule: 0, example: 0 };
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = stripMarkup(raw);
    if (/^(?:Example|例|예)\s*[:：]/.test(line)) out.example++;
    else if (/^\d{3}\.\d+[a-z]/.test(line)) out.subrule++;
    else if (/^\d{3}\.\d+(?![\d])/.test(line)) out.rule++;
    else if (/^\d{3}\.(?:\s|$)/.test(line)) out.section++;
  }
  return out;
}


/**
 * Keyword headings that print the local name and the English one (`702.19. 돌진 Trample`,
 * `701.2. 起動/Activate`), counted without the reader's pattern: a rule line 701.N or 702.N (not
 * 701.1 or 702.1, which are not keywords; the period after the number may be missing, as in
 * `702.19 돌진 Trample`) that holds both a Hangul, kana or kanji character and a Latin word of two
 * letters or more. A heading in English only holds no local character, one in the local script only
 * no Latin word.
 */
export function rawBilingualHeadings(text: string): number {
  return text.split(/\r\n|\r|\n/).map(stripMarkup).filter((line) => {
    const m = /^70[12]\.(\d+)(?:\.|\s)/.exec(line);
    return m !== null && m[1] !== '1' && /[\uac00-\ud7a3\u3040-\u30ff\u4e00-\u9fff]/.test(line) && /[A-Za-z]{2}/.test(line);
  }).length;
}

/**
 * Rule numbers a post links (`[601.2b](/600#601.2b)`), a range after a link (`[601.2e](…)–h`,
 * `[118.7](…)-8`) counting every rule it spans.
 */
export function rawLinkedNumbers(text: string): number {
  let n = 0;
  for (const m of text.matchAll(/\[(\d{3})(?:\.(\d+)([a-z])?)?\]\(\/[^)]*\)(?:[-–]([a-z]|\d+)(?![A-Za-z0-9]))?/g)) {
    const [, , rule, letter, end] = m;
    if (end === undefined) n += 1;
    else if (/^\d+$/.test(end)) n += Number(end) - Number(rule) + 1;
    else n += end.charCodeAt(0) - letter!.charCodeAt(0) + 1;
  }
  return n;
}

/** English glossary entries: blocks of non-blank lines between the last `Glossary` and the last `Credits` line. */
export function rawGlossaryBlocks(text: string): number {
  const lines = text.split(/\r\n|\r|\n/).map((l) => l.trim());
  const region = lines.slice(lines.lastIndexOf('Glossary') + 1, lines.lastIndexOf('Credits'));
  return region.filter((l, i) => l !== '' && (i === 0 || region[i - 1] === '')).length;
}

/**
 * The headword lines of the Japanese seed after its last `用語集` line (`色(いろ)/Color`), by line index, with
 * term and reading; the reading is the last parenthesis before the slash (`生息条件(島)(せいそくじょうけんしま)/…`).
 */
function jaGlossaryHeadwords(lines: string[]): Map<number, [string, string]> {
  const start = lines.map((l) => l.trim()).lastIndexOf('用語集');
  const out = new Map<number, [string, string]>();
  lines.forEach((l, i) => {
    const m = i > start ? /^(.+)\(([^()]+)\)\//.exec(l.trim()) : null;
    if (m) out.set(i, [m[1]!, m[2]!]);
  });
  return out;
}

/**
 * The ruby keys of the Japanese seed's glossary, as docs/design-notes.md §2.4 step 1 words them: each
 * headword `terms(readings)/English`, its terms split on 、 and zipped with its readings (and the whole
 * headword too when it lists several); when the counts differ, the whole headword and every term take
 * the whole reading. Returns the distinct `base + reading` spans with the last character of their base.
 */
export function rawRubyKeys(text: string): Map<string, string> {
  const keys = new Map<string, string>();
  const add = (base: string, reading: string) => keys.set(base + reading, base.at(-1)!);
  for (const [terms, readings] of jaGlossaryHeadwords(text.split(/\r\n|\r|\n/)).values()) {
    const ts = terms.split('、');
    const rs = readings.split('、');
    if (ts.length === rs.length) {
      ts.forEach((t, i) => add(t, rs[i]!));
      if (ts.length > 1) add(terms, readings);
    } else {
      add(terms, readings);
      for (const t of ts) add(t, readings);
    }
  }
  return keys;
}

/**
 * Artifact spaces of the Japanese seed (docs/design-notes.md §2.2): outside the glossary headwords, a single
 * space that alone separates two flattened spans (a ruby key of `rawRubyKeys`, or one of the `orphans`,
 * readings standing for a lost one-kanji base), where the first span's base ends and the second begins in
 * Japanese script. Spans are found longest first, left to right.
 */
export function rawArtifactSpaces(text: string, orphans: readonly string[]): number {
  const lines = text.split(/\r\n|\r|\n/);
  const headwords = jaGlossaryHeadwords(lines);
  const lastOfBase = rawRubyKeys(text);
  for (const o of orphans) if (!lastOfBase.has(o)) lastOfBase.set(o, o.at(-1)!);
  const spans = [...lastOfBase.keys()].sort((a, b) => b.length - a.length);
  const span = new RegExp(spans.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const japanese = /^[\u3040-\u30ff\u4e00-\u9fff\u3005]/;
  let n = 0;
  lines.forEach((line, i) => {
    if (headwords.has(i)) return;
    const found = [...line.matchAll(span)];
    for (let k = 1; k < found.length; k++) {
      const a = found[k - 1]!;
      const b = found[k]!;
      const end = a.index + a[0].length;
      if (b.index === end + 1 && line[end] === ' ' && japanese.test(lastOfBase.get(a[0])!) && japanese.test(b[0])) n++;
    }
  });
  return n;
}
