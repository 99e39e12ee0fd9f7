/**
 * The history's static JSON under /api/ (written by the build hook with the other extra files):
 *   /api/en/history/store.json             the whole store (the any-two page diffs from it when words are asked)
 *   /api/en/history/outline.json           the compare page's first view: spans and kinds of change, no texts
 *   /api/en/history/glossary-numbers.json  the rule numbers each glossary text cites (a number filter's)
 *   /api/en/history/slices/{slice}.json    the texts of the chains whose last number is in a section (or glossary),
 *                                          a large section's cut in parts (`702-2`; the outline says where)
 *   /api/en/history/sections/{section}.json   per number of the section, every rule it named, with its
 *                                            versions where it changed (one file per section, not per number:
 *                                            a static host's file limit, docs/deploy.md)
 *   /api/en/changes.json                   every edition with its counts against the one before
 *   /api/en/changes/{old}...{new}.json     the diff of two consecutive editions (the `cr diff --json` shape) and
 *                                          its sections' titles (`sections`: the compare page reads a small one whole)
 * and the translation lag that rule JSON and edition JSON carry.
 */
import type { ExtraFile } from './extras.ts';
import type { Edition, Site } from '../site.ts';
import type { Lag, LagSummary } from '../../history/lag.ts';
import type { EditionDiff } from '../../history/diff.ts';
import type { HistoryStore } from '../../history/store.ts';
import { groupOf, itemsOf } from '../history/history-groups.ts';
import { sectionTitles } from '../history/history-compare-view.ts';
import { getFileDates } from '../load.ts';
import { HISTORY_GLOSSARY_NUMBERS_API, HISTORY_OUTLINE_API, historyPairApi, historySectionApi, historySliceApi, ruleSection } from '../api-paths.ts';
import { buildGlossaryNumbers, buildOutline, buildSlices } from '../../history/outline.ts';
import { editionDiff, editionRows, getHistory, historiesByNumber, historyPath, lagSummaryFor, lagsFor, pairPath } from '../history/history-site.ts';

/** The English edition whose rules `ed` follows, when it is not the latest English (lag is then news). */
function laggingEnglish(ed: Edition): string | null {
  const h = getHistory();
  if (!h) return null;
  const english = ed.lang === 'en' ? ed.edition : ed.info.english;
  if (!english || english === h.editions.at(-1)) return null;
  return english;
}

/** `lag` of a rule of `ed` (translations and older English editions), or undefined. */
export function ruleLag(ed: Edition, number: string): Lag | undefined {
  return lagsFor(getHistory(), laggingEnglish(ed))?.get(number);
}

/** How many of the edition's rules changed, moved or were removed in English since. */
export function editionLag(ed: Edition): LagSummary | null {
  return lagSummaryFor(getHistory(), laggingEnglish(ed), ed.rules.keys());
}

/** A consecutive pair's file: the diff (`cr diff --json`) and the titles of the sections its entries are in. */
function pairFile(h: HistoryStore, from: string, to: string): EditionDiff & { sections: Record<string, string> } {
  const d = editionDiff(h, from, to);
  const used = new Set(itemsOf(d).map(groupOf));
  return { ...d, sections: Object.fromEntries([...sectionTitles(h, from, to)].filter(([s]) => used.has(s))) };
}

export function* historyFiles(site: Site): Generator<ExtraFile> {
  const h = getHistory();
  if (!h) return;
  yield { path: 'api/en/history/store.json', content: JSON.stringify(h) };
  const outline = buildOutline(h);
  yield { path: HISTORY_OUTLINE_API.slice(1), content: JSON.stringify(outline) };
  yield { path: HISTORY_GLOSSARY_NUMBERS_API.slice(1), content: JSON.stringify(buildGlossaryNumbers(h)) };
  for (const [home, slice] of buildSlices(h, outline.sliceParts)) yield { path: historySliceApi(home).slice(1), content: JSON.stringify(slice) };
  const rendered = new Set(site.editions.filter((e) => e.lang === 'en').map((e) => e.edition));
  const rows = editionRows(h, rendered);
  const fileDate = getFileDates().toFile['en'] ?? {};
  yield {
    path: 'api/en/changes.json',
    content: JSON.stringify({
      lang: 'en',
      editions: rows.map((r) => ({
        edition: r.edition,
        ...(fileDate[r.edition] ? { fileDate: fileDate[r.edition] } : {}),
        previous: r.previous,
        rendered: r.rendered,
        ...(r.previous ? { url: pairPath(r.previous, r.edition), data: historyPairApi(r.previous, r.edition) } : {}),
        summary: r.summary,
      })),
    }),
  };
  for (const r of rows) if (r.previous) yield { path: historyPairApi(r.previous, r.edition).slice(1), content: JSON.stringify(pairFile(h, r.previous, r.edition)) };
  const bySection = new Map<string, Record<string, unknown>>();
  for (const [number, histories] of historiesByNumber(h)) {
    const section = ruleSection(number) ?? number;
    const numbers = bySection.get(section) ?? bySection.set(section, {}).get(section)!;
    numbers[number] = {
      url: historyPath(number),
      rules: histories.map((r) => ({
        current: r.current,
        removed: r.removed,
        gaps: r.gaps,
        versions: r.versions.filter((v) => v.status !== 'unchanged').map((v) => ({ edition: v.edition, number: v.number, status: v.status, ...(v.only ? { only: v.only } : {}), text: v.text })),
      })),
    };
  }
  for (const [section, numbers] of bySection) yield { path: historySectionApi(section).slice(1), content: JSON.stringify({ section, numbers }) };
}
