/**
 * Words of the game the engine writes in English that a page says in its own language, each as the page's CR says it
 * (data: src/i18n/locales/*.sandbox.json): subtypes (`sub_…`, 205.3g–m of the Japanese 2019 CR: 熊/Bear; the Korean
 * 2019 CR has its own words for land types, Aura and Vehicle and keeps creature types in English), counter kinds
 * (`ctr_…`: 経年/age, 消散/fade of 702.23a/702.31a; the Korean CR writes "age 카운터"), and a token by its name, never
 * by the scenario's id for it; the objects a filter takes (608.2h). An unknown word stays as the engine writes it.
 */
import type { Scenario } from '../engine/scenario.ts';
import type { Lang } from './labels.ts';
import { isStringKey, type StringKey } from './strings.ts';
import { particle } from '../i18n/korean.ts';

type T = (key: StringKey, args?: Record<string, string | number>) => string;

const word = (prefix: string, w: string, t: T): string => {
  const key = `${prefix}${w}`;
  return isStringKey(key) ? t(key) : w;
};

/** A subtype (Bear, Forest, Aura) as the page's CR writes it. */
export const subtypeName = (w: string, t: T): string => word('sub_', w, t);

/** A counter kind (age, fade; +1/+1 as written) as the page's CR writes it. */
export const counterName = (w: string, t: T): string => word('ctr_', w, t);

/** An ability check's "any"/"none" (has some ability / has none) as words. */
export function abilityPresence(v: string, t: T): string | null {
  return v === 'any' ? t('abAny') : v === 'none' ? t('abNone') : null;
}

/**
 * The English name of a token a scenario's effect creates (`create-token` or `create-token-copy` with an `id`), found anywhere in the
 * scenario; undefined when no effect creates one with that id.
 */
export function tokenName(s: Scenario, id: string): string | undefined {
  let found: string | undefined;
  const walk = (v: unknown): void => {
    if (found !== undefined || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach(walk);
    const o = v as Record<string, unknown>;
    if (o['op'] === 'create-token' && o['id'] === id) {
      const card = o['card'] as { name?: unknown } | undefined;
      if (typeof card?.name === 'string') found = card.name;
    }
    // a token copy (create-token-copy of a setup object): the copied card's name (707.2), for each token it creates
    if (o['op'] === 'create-token-copy' && typeof o['id'] === 'string' && typeof o['of'] === 'string' && new RegExp(`^${o['id']}[0-9]*$`).test(id)) {
      const name = s.setup.objects?.[o['of']]?.card.name;
      if (name !== undefined) found = name;
    }
    Object.values(o).forEach(walk);
  };
  walk(s.steps);
  walk(s.setup);
  return found;
}

/** The objects a filter takes, in the words of the page's CR (608.2h: "every nonblack creature", 「黒でないクリーチャー」,
 * "흑색이 아닌 생물"): colours, then card types; a permanent when the filter names no type. */
export function filterText(f: Record<string, unknown>, t: T, lang: Lang): string {
  const words = (k: string, prefix: 'c_' | 'ty_') => (Array.isArray(f[k]) ? (f[k] as string[]) : []).map((x) => {
    const key = `${prefix}${x}`;
    return isStringKey(key) ? t(key) : x;
  });
  const non = (w: string) => t('filterNon', { word: lang === 'ko' ? withSubjectParticle(w) : w });
  const adjectives = [...words('colors', 'c_').map((w) => t('filterColor', { word: w })), ...words('notColors', 'c_').map(non), ...words('notTypes', 'ty_').map(non)];
  const nouns = words('types', 'ty_');
  // several card types as the CR joins them: "artifact creature", 「アーティファクト・クリーチャー」, "마법물체 생물"
  return [...adjectives, nouns.length ? nouns.join(lang === 'ja' ? '・' : ' ') : t('permanent')].join(lang === 'ja' ? '' : ' ');
}

/** A Korean word with its subject particle: 이 after a final consonant (흑색이), else 가 (대지가). */
function withSubjectParticle(w: string): string {
  return w + particle(w, '이');
}
