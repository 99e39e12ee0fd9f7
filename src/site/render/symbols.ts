/**
 * Mana and game symbols (`{T}`, `{G/W}`, `{W/P}`) drawn by the site itself: a glyph inside a CSS-styled
 * circle, with a text alternative in the reader's language. No third-party images.
 */
import type { Lang } from '../../model/types.ts';

export interface SymbolView {
  /** CSS classes: `ms` plus colour/shape classes (`ms-c-W`, `ms-hy`, `ms-a-G ms-b-W`). */
  classes: string;
  /** What is drawn inside the circle (short; hybrids draw both halves). */
  glyph: string;
  /** Accessible name (`white mana`, `tap symbol`). */
  label: string;
  /** The symbol as printed, `{G/W}`, for copy and tooltips. */
  source: string;
}

const COLOURS = ['W', 'U', 'B', 'R', 'G', 'C'] as const;
type Colour = (typeof COLOURS)[number];

const NAMES: Record<Lang, Record<Colour | 'phyrexian' | 'hybrid' | 'generic' | 'mana' | 'snow' | 'tap' | 'untap' | 'energy' | 'chaos' | 'planeswalker' | 'ticket' | 'pawprint' | 'symbol', string>> = {
  en: { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green', C: 'colorless', phyrexian: 'Phyrexian', hybrid: 'hybrid', generic: 'generic', mana: 'mana', snow: 'snow mana', tap: 'tap symbol', untap: 'untap symbol', energy: 'energy symbol', chaos: 'chaos symbol', planeswalker: 'planeswalker symbol', ticket: 'ticket symbol', pawprint: 'pawprint symbol', symbol: 'symbol' },
  ja: { W: '白', U: '青', B: '黒', R: '赤', G: '緑', C: '無色', phyrexian: 'ファイレクシア', hybrid: '混成', generic: '不特定', mana: 'マナ', snow: '氷雪マナ', tap: 'タップ・シンボル', untap: 'アンタップ・シンボル', energy: 'エネルギー・シンボル', chaos: 'カオス・シンボル', planeswalker: 'プレインズウォーカー・シンボル', ticket: 'チケット・シンボル', pawprint: '肉球シンボル', symbol: 'シンボル' },
  ko: { W: '백색', U: '청색', B: '흑색', R: '적색', G: '녹색', C: '무색', phyrexian: '피렉시아', hybrid: '혼성', generic: '일반', mana: '마나', snow: '설상 마나', tap: '탭 심볼', untap: '언탭 심볼', energy: '에너지 심볼', chaos: '혼돈 심볼', planeswalker: '플레인즈워커 심볼', ticket: '티켓 심볼', pawprint: '발자국 심볼', symbol: '심볼' },
};

const isColour = (s: string): s is Colour => (COLOURS as readonly string[]).includes(s);

/** How to draw one symbol; `value` is the text inside the braces. */
export function describeSymbol(value: string, lang: Lang = 'en'): SymbolView {
  const n = NAMES[lang];
  const source = `{${value}}`;
  const sp = lang === 'en' ? ' ' : lang === 'ko' ? ' ' : '';
  const special: Record<string, [string, string, string]> = {
    T: ['ms-tap', '↷', n.tap],
    Q: ['ms-untap', '↶', n.untap],
    S: ['ms-snow', '❄', n.snow],
    E: ['ms-energy', 'ϟ', n.energy],
    CHAOS: ['ms-chaos', '✺', n.chaos],
    PW: ['ms-pw', 'PW', n.planeswalker],
    TK: ['ms-ticket', 'TK', n.ticket],
    P: ['ms-paw', 'ᐧᐧ', n.pawprint],
    H: ['ms-phy', 'Φ', `${n.phyrexian}${sp}${n.symbol}`],
  };
  const sp1 = special[value];
  if (sp1) return { classes: `ms ${sp1[0]}`, glyph: sp1[1], label: sp1[2], source };
  if (isColour(value)) return { classes: `ms ms-c-${value}`, glyph: value, label: `${n[value]}${sp}${n.mana}`, source };
  if (/^\d{1,2}$|^[XYZ]$/.test(value)) return { classes: 'ms ms-gen', glyph: value, label: `${n.generic}${sp}${n.mana} ${value}`, source };
  const parts = value.split('/');
  if (parts.length >= 2 && parts.length <= 3) {
    const phy = parts[parts.length - 1] === 'P';
    const halves = phy ? parts.slice(0, -1) : parts;
    const colourName = (h: string) => (isColour(h) ? n[h] : h);
    if (phy && halves.length === 1 && isColour(halves[0]!)) {
      return { classes: `ms ms-c-${halves[0]} ms-phy`, glyph: 'Φ', label: `${n.phyrexian}${sp}${n[halves[0] as Colour]}${sp}${n.mana}`, source };
    }
    if (halves.length === 2 && halves.every((h) => isColour(h) || /^\d$/.test(h))) {
      const cls = (h: string, side: 'a' | 'b') => (isColour(h) ? `ms-${side}-${h}` : `ms-${side}-gen`);
      const label = `${phy ? `${n.phyrexian}${sp}` : ''}${n.hybrid}${sp}${colourName(halves[0]!)}/${colourName(halves[1]!)}${sp}${n.mana}`;
      return { classes: `ms ms-hy ${cls(halves[0]!, 'a')} ${cls(halves[1]!, 'b')}${phy ? ' ms-phy' : ''}`, glyph: phy ? `${halves[0]}${halves[1]}Φ` : `${halves[0]}${halves[1]}`, label, source };
    }
  }
  // Placeholders the rules use in prose (`{rN}`, `{N+}`, `{BB}`): drawn as a neutral symbol with its text.
  return { classes: 'ms ms-gen ms-wide', glyph: value.replace(/^r/, ''), label: `${n.symbol} ${source}`, source };
}
