/**
 * Per-document fidelity figures for `npm run data`: how much of the text is known to be damaged,
 * how many gaps and restored characters mark it, and how many term links and references were made.
 * Counts rules and subrules (not section headings or stale duplicates), their bodies and examples.
 */
import type { RuleDocument } from '../model/types.ts';

export interface FidelityStats {
  rules: number;
  damaged: number;
  gaps: number;
  restored: number;
  termLinks: number;
  references: number;
}

export function fidelityStats(doc: RuleDocument): FidelityStats {
  const s: FidelityStats = { rules: 0, damaged: 0, gaps: 0, restored: 0, termLinks: 0, references: 0 };
  for (const r of doc.rules) {
    if (r.duplicate || r.kind === 'section') continue;
    s.rules++;
    if (r.damaged) s.damaged++;
    for (const p of [...r.body, ...r.examples.flat()]) {
      for (const n of p) {
        if (n.type === 'gap') s.gaps++;
        else if (n.type === 'restored') s.restored += n.value.length;
        else if (n.type === 'term') s.termLinks++;
        else if (n.type === 'ref' && !n.missing) s.references++;
      }
    }
  }
  return s;
}

export function describeFidelity(s: FidelityStats): string {
  return `rules ${s.rules}, damaged rules ${s.damaged}, gaps ${s.gaps}, restored characters ${s.restored}, term links ${s.termLinks}, references ${s.references}`;
}
