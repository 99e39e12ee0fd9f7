/**
 * Mana costs and payment (107.4, 202.2, 202.3, 601.2f-h, 118.4): symbol parser, mana value, colors,
 * an exact payment enumerator and an independent payment validator.
 */
import type { Color, ManaLetter, ManaUnit } from './types.ts';

export type CostSymbol =
  | { k: 'generic'; n: number }
  | { k: 'colored'; c: ManaLetter }
  | { k: 'colorless' }
  | { k: 'hybrid'; a: ManaLetter; b: ManaLetter }
  | { k: 'mono'; c: ManaLetter; n: number }
  | { k: 'phyrexian'; c: ManaLetter }
  | { k: 'snow' }
  | { k: 'x' };

const LETTERS = ['W', 'U', 'B', 'R', 'G'] as const;
export const LETTER_COLOR: Record<string, Color> = { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green' };
const isColorLetter = (s: string): s is ManaLetter => (LETTERS as readonly string[]).includes(s);

class ManaSyntaxError extends Error {}

/** Parses "{2}{W/U}{B/P}" into symbols. */
export function parseCost(text: string): CostSymbol[] {
  const out: CostSymbol[] = [];
  const re = /\{([^}]*)\}/g;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(text))) {
    if (m.index !== consumed) throw new ManaSyntaxError(`unexpected text in mana cost "${text}"`);
    consumed = re.lastIndex;
    const s = m[1]!;
    if (/^\d+$/.test(s)) out.push({ k: 'generic', n: Number(s) });
    else if (s === 'C') out.push({ k: 'colorless' });
    else if (s === 'X') out.push({ k: 'x' });
    else if (s === 'S') out.push({ k: 'snow' });
    else if (isColorLetter(s)) out.push({ k: 'colored', c: s });
    else {
      const p = s.split('/');
      if (p.length === 2 && isColorLetter(p[0]!) && p[1] === 'P') out.push({ k: 'phyrexian', c: p[0] as ManaLetter });
      else if (p.length === 2 && isColorLetter(p[0]!) && isColorLetter(p[1]!)) out.push({ k: 'hybrid', a: p[0] as ManaLetter, b: p[1] as ManaLetter });
      else if (p.length === 2 && /^\d+$/.test(p[0]!) && isColorLetter(p[1]!)) out.push({ k: 'mono', n: Number(p[0]), c: p[1] as ManaLetter });
      else throw new ManaSyntaxError(`unknown mana symbol {${s}}`);
    }
  }
  if (consumed !== text.length) throw new ManaSyntaxError(`unexpected text in mana cost "${text}"`);
  return out;
}

export function formatCost(symbols: CostSymbol[]): string {
  return symbols
    .map((s) => {
      switch (s.k) {
        case 'generic': return `{${s.n}}`;
        case 'colored': return `{${s.c}}`;
        case 'colorless': return '{C}';
        case 'hybrid': return `{${s.a}/${s.b}}`;
        case 'mono': return `{${s.n}/${s.c}}`;
        case 'phyrexian': return `{${s.c}/P}`;
        case 'snow': return '{S}';
        case 'x': return '{X}';
      }
    })
    .join('');
}

/** 202.3: mana value; X is 0 unless a value is given (on the stack). 202.3f: hybrid counts its largest part. */
export function manaValue(symbols: CostSymbol[], x = 0): number {
  let t = 0;
  for (const s of symbols) {
    if (s.k === 'generic') t += s.n;
    else if (s.k === 'mono') t += Math.max(s.n, 1);
    else if (s.k === 'x') t += x;
    else t += 1;
  }
  return t;
}

/** 202.2: an object is the color of the mana symbols in its mana cost. */
export function costColors(symbols: CostSymbol[]): Color[] {
  const set = new Set<string>();
  for (const s of symbols) {
    if (s.k === 'colored' && s.c !== 'C') set.add(s.c);
    if (s.k === 'phyrexian' || s.k === 'mono') set.add(s.c);
    if (s.k === 'hybrid') { set.add(s.a); set.add(s.b); }
  }
  return LETTERS.filter((l) => set.has(l)).map((l) => LETTER_COLOR[l]!);
}

export function parsePool(text: string): ManaUnit[] {
  return parseCost(text).flatMap((s): ManaUnit[] => {
    if (s.k === 'colored') return [{ type: s.c }];
    if (s.k === 'colorless') return [{ type: 'C' }];
    if (s.k === 'generic' && s.n === 0) return [];
    throw new ManaSyntaxError(`a mana pool holds only {W}{U}{B}{R}{G}{C}, not ${formatCost([s])}`);
  });
}

const ORDER = 'WUBRGC';
const unitKey = (u: ManaUnit) => `${u.type}${u.snow ? 's' : ''}`;
export function formatUnits(units: ManaUnit[]): string {
  return [...units].sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type)).map((u) => `{${u.type}}`).join('');
}

export interface Payment {
  mana: ManaUnit[];
  life: number;
}

/** Replace X by its announced value (601.2b, 107.3). */
export function fixX(symbols: CostSymbol[], x: number): CostSymbol[] {
  return symbols.flatMap((s): CostSymbol[] => (s.k === 'x' ? (x > 0 ? [{ k: 'generic', n: x }] : []) : [s]));
}

type Counts = Map<string, number>;
const countsOf = (units: ManaUnit[]): Counts => {
  const m: Counts = new Map();
  for (const u of units) m.set(unitKey(u), (m.get(unitKey(u)) ?? 0) + 1);
  return m;
};
const keyType = (k: string) => k[0] as ManaLetter;
const keySnow = (k: string) => k.endsWith('s');

/**
 * Every distinct legal payment of a cost from a pool, with the life limit of 118.4.
 * Symbols with fewer ways to be paid go first; generic mana is distributed last. Exact, not greedy.
 */
export function legalPayments(cost: CostSymbol[], pool: ManaUnit[], life: number): Payment[] {
  const sym = cost.filter((s) => s.k !== 'x');
  const rank = (s: CostSymbol) => ({ colored: 0, colorless: 0, phyrexian: 1, hybrid: 2, mono: 3, snow: 4, generic: 5, x: 6 })[s.k];
  sym.sort((a, b) => rank(a) - rank(b));
  const results = new Map<string, Payment>();
  const avail = countsOf(pool);
  const spent: Counts = new Map();
  const take = (k: string) => { avail.set(k, avail.get(k)! - 1); spent.set(k, (spent.get(k) ?? 0) + 1); };
  const give = (k: string) => { avail.set(k, avail.get(k)! + 1); spent.set(k, spent.get(k)! - 1); };
  const keysWhere = (pred: (k: string) => boolean) => [...avail.keys()].filter((k) => avail.get(k)! > 0 && pred(k));
  const record = (lifePaid: number) => {
    if (lifePaid > 0 && life < lifePaid) return; // 118.4
    const mana: ManaUnit[] = [];
    for (const [k, n] of [...spent.entries()].sort()) for (let i = 0; i < n; i++) mana.push(k.endsWith('s') ? { type: keyType(k), snow: true } : { type: keyType(k) });
    const p: Payment = { mana: sortUnits(mana), life: lifePaid };
    results.set(paymentKey(p), p);
  };
  // generic: choose a multiset of n units from what is left
  const generic = (n: number, keys: string[], ki: number, lifePaid: number): void => {
    if (n === 0) return record(lifePaid);
    for (let i = ki; i < keys.length; i++) {
      const k = keys[i]!;
      if (avail.get(k)! > 0) {
        take(k);
        generic(n - 1, keys, i, lifePaid);
        give(k);
      }
    }
  };
  const go = (i: number, lifePaid: number): void => {
    if (i === sym.length) return record(lifePaid);
    const s = sym[i]!;
    switch (s.k) {
      case 'colored':
      case 'colorless': {
        const want = s.k === 'colored' ? s.c : 'C';
        for (const k of keysWhere((k) => keyType(k) === want)) { take(k); go(i + 1, lifePaid); give(k); }
        return;
      }
      case 'phyrexian':
        for (const k of keysWhere((k) => keyType(k) === s.c)) { take(k); go(i + 1, lifePaid); give(k); }
        go(i + 1, lifePaid + 2);
        return;
      case 'hybrid':
        for (const k of keysWhere((k) => keyType(k) === s.a || keyType(k) === s.b)) { take(k); go(i + 1, lifePaid); give(k); }
        return;
      case 'mono': {
        for (const k of keysWhere((k) => keyType(k) === s.c)) { take(k); go(i + 1, lifePaid); give(k); }
        // or s.n generic
        const rest = (n: number, ki: number): void => {
          if (n === 0) return go(i + 1, lifePaid);
          const keys = [...avail.keys()].sort();
          for (let j = ki; j < keys.length; j++) {
            const k = keys[j]!;
            if (avail.get(k)! > 0) { take(k); rest(n - 1, j); give(k); }
          }
        };
        rest(s.n, 0);
        return;
      }
      case 'snow':
        for (const k of keysWhere(keySnow)) { take(k); go(i + 1, lifePaid); give(k); }
        return;
      case 'generic': {
        let total = 0;
        for (let j = i; j < sym.length; j++) total += (sym[j] as { n: number }).n;
        return generic(total, [...avail.keys()].sort(), 0, lifePaid);
      }
    }
  };
  go(0, 0);
  return [...results.values()].sort((a, b) => a.life - b.life || paymentKey(a).localeCompare(paymentKey(b)));
}

/** Independent check: can exactly this mana and this much life pay the cost? (117.3, 118.4, 601.2h) */
export function isValidPayment(cost: CostSymbol[], payment: Payment, lifeTotal: number): boolean {
  if (payment.life < 0) return false;
  if (payment.life > 0 && lifeTotal < payment.life) return false;
  const units = payment.mana.map(unitKey);
  const sym = cost.filter((s) => s.k !== 'x');
  const expanded: CostSymbol[] = [];
  for (const s of sym) {
    if (s.k === 'generic') for (let i = 0; i < s.n; i++) expanded.push({ k: 'generic', n: 1 });
    else expanded.push(s);
  }
  const used = units.map(() => false);
  const match = (i: number, lifeLeft: number): boolean => {
    if (i === expanded.length) return lifeLeft === 0 && used.every(Boolean);
    const s = expanded[i]!;
    const tryUnit = (ok: (k: string) => boolean, next: () => boolean): boolean => {
      const seen = new Set<string>();
      for (let u = 0; u < units.length; u++) {
        if (used[u] || !ok(units[u]!) || seen.has(units[u]!)) continue;
        seen.add(units[u]!);
        used[u] = true;
        if (next()) { used[u] = false; return true; }
        used[u] = false;
      }
      return false;
    };
    const next = () => match(i + 1, lifeLeft);
    switch (s.k) {
      case 'generic': return tryUnit(() => true, next);
      case 'colored': return tryUnit((k) => keyType(k) === s.c, next);
      case 'colorless': return tryUnit((k) => keyType(k) === 'C', next);
      case 'hybrid': return tryUnit((k) => keyType(k) === s.a || keyType(k) === s.b, next);
      case 'phyrexian': return tryUnit((k) => keyType(k) === s.c, next) || (lifeLeft >= 2 && match(i + 1, lifeLeft - 2));
      case 'snow': return tryUnit(keySnow, next);
      case 'mono':
        return tryUnit((k) => keyType(k) === s.c, next) || (() => {
          // s.n units of anything
          const pick = (n: number): boolean => (n === 0 ? next() : tryUnit(() => true, () => pick(n - 1)));
          return pick(s.n);
        })();
      case 'x': return next();
    }
  };
  return match(0, payment.life);
}

function sortUnits(units: ManaUnit[]): ManaUnit[] {
  return [...units].sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type) || Number(!!a.snow) - Number(!!b.snow));
}
export function paymentKey(p: Payment): string {
  return `${sortUnits(p.mana).map(unitKey).join('')}|${p.life}`;
}

/** Remove the given units from a pool; returns null when the pool lacks them. */
export function spendFromPool(pool: ManaUnit[], spend: ManaUnit[]): ManaUnit[] | null {
  const rest = [...pool];
  for (const u of spend) {
    let i = rest.findIndex((r) => r.type === u.type && !!r.snow === !!u.snow);
    if (i < 0 && !u.snow) i = rest.findIndex((r) => r.type === u.type);
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}

/** 601.2f: total cost = mana cost + increases − generic reductions (117.7; reductions never touch colored parts). */
export function applyCostModifiers(base: CostSymbol[], increases: CostSymbol[], genericReduction: number): CostSymbol[] {
  const all = [...base, ...increases];
  let generic = 0;
  const rest: CostSymbol[] = [];
  for (const s of all) (s.k === 'generic' ? (generic += s.n) : rest.push(s));
  generic = Math.max(0, generic - genericReduction);
  return generic > 0 ? [{ k: 'generic', n: generic }, ...rest] : rest;
}
