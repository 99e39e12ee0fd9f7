/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * The rule-number side of one search index: a typed rule number answered exactly (`702.6` is 702.6
 * and its subrules, never 702.60; an unknown subrule falls back to its rule, an unknown rule to its
 * section), a typed prefix of a section number (`70` → 700–709), and the heading context a hit
 * shows (`702 Keyword Abilities › 702.19 Trample`). Apart from the text ranking (engine.ts) because
 * none of it looks at words.
 */
import { parseRuleNumber } from '../model/rule-number.ts';
import { TITLE, type Scored, type SearchRecord } from './types.ts';

export class RuleNumbers {
  private readonly records: SearchRecord[];
  private readonly byNumber: Map<string, number>;
  /** Record indexes of the sections (three-digit numbers), in record order. */
  private readonly sections: number[] = [];
  /** Heading context per rule number, made the first time a hit needs it. */
  private readonly contexts = new Map<string, string>();

  constructor(records: SearchRecord[], byNumber: Map<string, number>) {
    this.records = records;
    this.byNumber = byNumber;
    records.forEach(([n], idx) => {
      if (/^\d{3}$/.test(n)) this.sections.push(idx);
    });
  }

  /** `702.19` → 702.19, then its subrules in order. Never a longer number (702.190). */
  hits(number: string, limit: number): Scored[] {
    const idx = this.byNumber.get(number);
    const out: Scored[] = [];
    if (idx === undefined) {
      // An unknown subrule: offer its rule; an unknown rule: its section.
      const parsed = parseRuleNumber(number)!;
      const up = parsed.letter !== undefined ? `${parsed.section}.${parsed.rule}` : parsed.rule !== undefined ? String(parsed.section) : null;
      return up ? this.hits(up, limit).map((s) => ({ ...s, score: s.score / 2 })) : [];
    }
    out.push({ idx, score: 1000, via: 'number', tokens: [number] });
    const prefixes = [`${number}.`, ...(parseRuleNumber(number)!.letter === undefined && number.includes('.') ? [number] : [])];
    for (let i = idx + 1; i < this.records.length && out.length < limit; i++) {
      const n = this.records[i]![0];
      const child = number.includes('.') ? /^[a-z]$/.test(n.slice(number.length)) && n.startsWith(number) : n.startsWith(prefixes[0]!);
      if (!child) break;
      out.push({ idx: i, score: 999 - out.length, via: 'number', tokens: [] });
    }
    return out;
  }

  /** `70` → sections 700–709 (typing a number). */
  sectionPrefix(digits: string, limit: number): Scored[] {
    const out: Scored[] = [];
    for (const idx of this.sections) {
      if (out.length >= limit) break;
      if (this.records[idx]![0].startsWith(digits)) out.push({ idx, score: 500 - out.length, via: 'number', tokens: [] });
    }
    return out;
  }

  /** Heading context of a rule: `702 Keyword Abilities › 702.19 Trample`. */
  context(number: string): string {
    const hit = this.contexts.get(number);
    if (hit !== undefined) return hit;
    const parts: string[] = [];
    let n = number;
    for (let guard = 0; guard < 4; guard++) {
      const p = parseRuleNumber(n);
      if (!p) break;
      const up = p.letter !== undefined ? `${p.section}.${p.rule}` : p.rule !== undefined ? String(p.section) : null;
      if (!up) break;
      const idx = this.byNumber.get(up);
      if (idx !== undefined && this.records[idx]![1] & TITLE) parts.unshift(`${up} ${this.records[idx]![2]}`);
      n = up;
    }
    const out = parts.join(' › ');
    if (this.byNumber.has(number)) this.contexts.set(number, out);
    return out;
  }
}
