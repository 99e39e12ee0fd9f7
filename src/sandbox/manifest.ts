/**
 * The sandbox data contract between the build step (scripts/build/sandbox-data.ts), the loader and the widget.
 *
 *   /sandbox/index.json              SandboxManifest: which example has a scenario
 *   /sandbox/scenarios/{id}.json     one validated scenario (content/scenarios/*.json as written), plus
 *                                    `localNames`: card names as the translated examples write them
 */
import type { Scenario } from '../engine/scenario.ts';

/** A scenario as the site serves it. */
export type SiteScenario = Scenario & {
  /** Per page language, object id → the card's name as that language's example writes it (e.g. ja `《灰色オーガ》`). */
  localNames?: Partial<Record<string, Record<string, string>>>;
};
export interface SandboxManifest {
  version: 1;
  /** Latest edition of each language: decides the URL form of rule links (see ruleHref). */
  latest: Record<string, string>;
  /** Editions published per language (compare-edition links fall back to English when a language lacks one). */
  editions: Record<string, string[]>;
  /** `"{edition}|{rule}|{ordinal}"` (ordinal 1-based, as in `data-example="{rule}:{ordinal}"`) → scenario id. */
  examples: Record<string, string>;
}

export const SANDBOX_DIR = 'sandbox';

export function exampleKey(edition: string, rule: string, ordinal: number | string): string {
  return `${edition}|${rule}|${ordinal}`;
}

/**
 * URL of rule `number` in `edition` for a page in `lang`: `/{lang}/{number}/` when `edition` is the latest of that
 * language, else `/{lang}/{edition}/{number}/` (both are redirect pages of the site that land on the anchor).
 * An unknown latest edition is treated as "not latest": the pinned form is valid for every edition.
 */
export function ruleHref(lang: string, edition: string, number: string, latestEditions: Record<string, string | undefined>): string {
  const n = encodeURIComponent(number);
  return latestEditions[lang] === edition ? `/${lang}/${n}/` : `/${lang}/${edition}/${n}/`;
}

/** Link for a rule of an edition the page's language may not have (compare runs): the page's language if it has it, else English. */
export function crossEditionHref(lang: string, edition: string, number: string, m: Pick<SandboxManifest, 'latest' | 'editions'>): string {
  const has = (l: string) => (m.editions[l] ?? []).includes(edition) || m.latest[l] === edition;
  return ruleHref(has(lang) ? lang : 'en', edition, number, m.latest);
}
