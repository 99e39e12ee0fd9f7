/**
 * The rows of a 'layer' trace entry (613: how an object got its power and toughness) in the page's language. The
 * engine gives them as data (LayerSummary: the printed values and each layer-7 row with its sublayer, its value and
 * the object whose ability, spell or counters produced it); the words come from the one translation system
 * (src/i18n/locales/*.sandbox.json), in each language's own CR wording: "layer 7b", 「第7b種」, "레이어 7b".
 * The effect's internal label (an id) is never shown; the source object is named as the page's example names it.
 * Pure; used by render/steps.ts.
 */
import type { Scenario } from '../engine/scenario.ts';
import type { LayerRow, LayerSummary } from '../engine/types.ts';
import type { Lang } from './labels.ts';
import { nameOf, type T } from './model.ts';

/** The summary of a trace entry's data, or null when it is not one. */
export function layerSummary(data: unknown): LayerSummary | null {
  const d = data as Partial<LayerSummary> | null | undefined;
  return d && Array.isArray(d.rows) && 'printed' in d ? (d as LayerSummary) : null;
}

/** What one row did to power/toughness: set (7a/7b), modified (7c, counters), switched (7e). */
function change(r: LayerRow, t: T): string {
  if (r.text === 'switch') return t('layerSwitch');
  return /^[+-]/.test(r.text) ? t('layerModify', { delta: r.text }) : t('layerSet', { pt: r.text });
}

/** The lines for a 'layer' entry: the printed values, then one line per row in the order the layers applied them. */
export function layerLines(sum: LayerSummary, s: Scenario, lang: Lang, t: T): string[] {
  const lines = [t('layerPrinted', { pt: sum.printed ? `${sum.printed[0]}/${sum.printed[1]}` : t('none') })];
  for (const r of sum.rows) {
    const what = change(r, t);
    const named = r.source ? nameOf(s, r.source, lang) : '';
    const source = r.effect === 'counters' ? t('layerCounters') : named === r.source ? '' : named; // never an id
    lines.push(source ? t('layerRowFrom', { layer: r.layer, change: what, source }) : t('layerRow', { layer: r.layer, change: what }));
  }
  return lines;
}
