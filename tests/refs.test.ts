/**
 * Rule numbers written without a word that introduces them (src/pipeline/link.ts `linkBareNumbers`):
 * Korean particles, lists and ranges, one fixture per form; and on the three complete 2019-01-25
 * documents, at least 99 % of the rule mentions of the source text are references.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linkBareNumbers } from '../src/pipeline/link.ts';
import { parseInline } from '../src/pipeline/inline.ts';
import { decodeSource } from '../src/pipeline/decode.ts';
import type { Paragraph, RuleDocument } from '../src/model/types.ts';
import { EN, KO19, SEED, parseFile } from './helpers.ts';
import { SHARED, needs } from './inputs.ts';

const NUMBERS = new Set(['101.4a', '107.3', '601', '601.2a', '601.2b', '601.2e', '601.2f', '601.2h', '608.2a', '608.2b', '616.1a', '616.1d', '603.10']);
const refs = (text: string) =>
  linkBareNumbers(parseInline(text), NUMBERS)
    .filter((n) => n.type === 'ref')
    .map((n) => (n.type === 'ref' ? `${n.text}=${n.target.number}${n.target.to ? `..${n.target.to}` : ''}` : ''));

describe('bare rule numbers', () => {
  it('Korean: a number followed by a particle', () => {
    expect(refs('플레이어는 101.4a의 경우를 따릅니다.')).toEqual(['101.4a=101.4a']);
    expect(refs('원한다면 107.3을 보세요.')).toEqual(['107.3=107.3']);
  });

  it('Korean: lists with 와/과 and 및', () => {
    expect(refs('608.2a와 608.2b의 규칙이 적용됩니다.')).toEqual(['608.2a=608.2a', '608.2b=608.2b']);
    expect(refs('관한 규정 601.2b 및 601.2e-h를 따릅니다.')).toEqual(['601.2b=601.2b', '601.2e-h=601.2e..601.2h']);
  });

  it('Korean: ranges, expanded as in English', () => {
    expect(refs('일단 601.2a-h에 설명된')).toEqual(['601.2a-h=601.2a..601.2h']);
    expect(refs('616.1a-d를 따르')).toEqual(['616.1a-d=616.1a..616.1d']);
    expect(refs('601.2b 및 601.2f–h에 따릅니다')).toEqual(['601.2b=601.2b', '601.2f–h=601.2f..601.2h']);
  });

  it('Korean: a section reference with its English title, then a subrule range', () => {
    expect(refs('규칙 601 "Casting Spells"의 601.2a-h 단계를 따릅니다')).toEqual(['601=601', '601.2a-h=601.2a..601.2h']);
  });

  it('English and Japanese forms without the word rule', () => {
    expect(refs('the steps described in 601.2a-h are')).toEqual(['601.2a-h=601.2a..601.2h']);
    expect(refs('rule 601.2bと601.2f〜hの代替')).toEqual(['601.2b=601.2b', '601.2f〜h=601.2f..601.2h']);
  });

  it('only numbers the document has; never inside a longer number or word', () => {
    expect(refs('규칙 999.9a를 보세요')).toEqual(['999.9a=999.9a']); // after 규칙 the parser reads it (link.ts marks it missing)
    expect(refs('999.9a를 보세요, 2019.101.4a, x101.4a, 101.4ab, 601.2a-z')).toEqual([]);
  });

  it('keeps every character', () => {
    const text = '관한 규정 601.2b 및 601.2e-h를 따릅니다.';
    const p = linkBareNumbers(parseInline(text), NUMBERS);
    expect(p.map((n) => (n.type === 'text' ? n.value : n.type === 'ref' ? n.text : '')).join('')).toBe(text);
  });
});

/**
 * Independent count over the source text: every subrule-shaped number not at the start of a line
 * (that is the rule's own number) whose rule the document has — a rule mention. Measured against
 * the references of the model, by number, in document order.
 */
function coverage(doc: RuleDocument, file: string): { mentions: number; linked: number } {
  const text = decodeSource(readFileSync(file), file).text;
  const have = new Set(doc.rules.map((r) => r.number));
  const mentions: string[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  // From the first rule on: the introduction and contents are plain text, not rule text.
  const first = lines.findIndex((l) => /^\W?100\.1\./.test(l.trim()));
  for (const line of lines.slice(first)) {
    // Without the rule's own number (printed twice once: `712.3b 712.3b 혼합…`).
    const own = /^\s*\W?b?(\d{3}\.(?:\d{1,3}[a-z]?)?)\.?/.exec(line);
    let body = own ? line.slice(own[0].length) : line;
    if (own && body.trimStart().startsWith(own[1]! + ' ')) body = body.trimStart().slice(own[1]!.length);
    // `704.5.m` (Korean) is 704.5m.
    for (const m of body.matchAll(/(\d{3}\.\d{1,3})(?:\.?([a-z]))?(?![\d])/g)) {
      const n = m[1]! + (m[2] ?? '');
      if (have.has(n) && !/[\d.]$/.test(body.slice(0, m.index))) mentions.push(n);
    }
  }
  const refs: string[] = [];
  const visit = (p: Paragraph) => {
    for (const n of p) if (n.type === 'ref' && !n.missing && n.target.kind !== 'part' && n.target.kind !== 'section') refs.push(n.target.number);
  };
  for (const r of doc.rules) [...r.body, ...r.examples.flat()].forEach(visit);
  for (const g of doc.glossary) g.definition.forEach(visit);
  // Multiset intersection: each mention counts once against one reference to the same number.
  const pool = new Map<string, number>();
  for (const r of refs) pool.set(r, (pool.get(r) ?? 0) + 1);
  let linked = 0;
  for (const m of mentions) {
    const k = pool.get(m) ?? 0;
    if (k > 0) {
      linked++;
      pool.set(m, k - 1);
    }
  }
  return { mentions: mentions.length, linked };
}

needs(SHARED).describe('rule mentions linked in every language (2019-01-25)', () => {
  it.each([
    ['English', EN('2019-01-25'), 'en'],
    ['Japanese', SEED.ja, 'ja'],
    ['Korean', KO19, 'ko'],
  ] as const)('%s: at least 99 percent of the rule mentions are references', (_, file, lang) => {
    const doc = parseFile(file, lang);
    const c = coverage(doc, file);
    expect(c.mentions).toBeGreaterThan(400);
    expect(c.linked / c.mentions).toBeGreaterThanOrEqual(0.99);
  });
});
