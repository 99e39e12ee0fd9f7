/**
 * Line-level recognisers and scanners shared by the plain-text readers (English, Korean, Japanese):
 * numbered lines, part headings, example labels, the first line that matches, paragraphs between blank lines. Each is anchored and linear, so a 400 000-character
 * line costs one pass.
 */

export interface NumberedLine {
  /** The number without trailing period, as printed (`702.19b`, `119.1d`, `606.5`). */
  printed: string;
  /** The rest of the line. */
  text: string;
}

// 3-digit section, optional rule and letter, optional trailing period, then space or end.
const NUMBERED = /^(\d{3})\.(?:(\d{1,3})([a-z])?\.?)?(?:[ \t\u00a0\u3000]+|$)/;
// Same, but the text may follow without a space (`100.4.プレイヤー…`, `302.4b생물의…`).
const NUMBERED_GLUED = /^(\d{3})\.(?:(\d{1,3})([a-z])?\.?)?[ \t\u00a0\u3000]*/;

/**
 * Recognises `100. General`, `100.1. Text`, `100.1a Text`, `119.1d. Text`, `606.5 Text`.
 * With `glued`, also `100.4.プレイヤー…` (a lost space), but never a number followed by more digits.
 */
export function matchNumberedLine(line: string, glued = false): NumberedLine | null {
  const m = (glued ? NUMBERED_GLUED : NUMBERED).exec(line);
  if (!m) return null;
  const rest = line.slice(m[0].length);
  // Glued text may not start with a digit or letter (that would be a longer number), unless a space separated it.
  if (glued && /^[0-9a-z]/.test(rest) && !/\s$/.test(m[0])) return null;
  // A section heading needs a title: `100.` alone is not a heading (but a glued `203.` may be: let the reader decide).
  const printed = m[1]! + (m[2] !== undefined ? `.${m[2]}${m[3] ?? ''}` : '');
  return { printed, text: rest.trimEnd() };
}

/** `1. Game Concepts`, `7. 추가 규칙`, `10. 用語集`: a part (chapter) heading line. */
export function matchPartHeading(line: string): { number: string; title: string } | null {
  const m = /^(\d{1,2})\.[ \t\u3000]+(\S.*)$/.exec(line.trim());
  return m ? { number: m[1]!, title: m[2]!.trim() } : null;
}

/** `Example: …`, `例:…`, `__Example__: *…*` (label stripped by the reader's own markup step). */
export function matchExample(line: string): string | null {
  const m = /^\s*(?:Example|例|예)\s*[:：]\s*/.exec(line);
  return m ? line.slice(m[0].length).trimEnd() : null;
}

/** Index of the first of `lines[from..to)` that satisfies `pred` (`from` below 0 reads as 0), or -1: how readers find regions. */
export function firstLine<T>(lines: readonly T[], pred: (line: T) => boolean, from = 0, to = lines.length): number {
  for (let i = Math.max(0, from); i < to; i++) if (pred(lines[i]!)) return i;
  return -1;
}

/** Groups the non-blank lines of `lines[from..to)` into paragraphs separated by blank lines, keeping 1-based line numbers. */
export function paragraphsOf(lines: readonly string[], from: number, to: number): { text: string[]; line: number }[] {
  const out: { text: string[]; line: number }[] = [];
  let cur: { text: string[]; line: number } | null = null;
  for (let i = from; i < to; i++) {
    const l = lines[i]!;
    if (l.trim() === '') {
      cur = null;
      continue;
    }
    if (!cur) out.push((cur = { text: [], line: i + 1 }));
    cur.text.push(l.trim());
  }
  return out;
}
