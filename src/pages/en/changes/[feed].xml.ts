/** /en/changes/feed.xml: an Atom feed with one entry per English edition and its change summary. */
import type { APIRoute } from 'astro';
import { editionRows, getHistory, pairPath, CHANGES_PATH, FEED_PATH } from '../../../site/history/history-site.ts';
import { getSite } from '../../../site/load.ts';
import { escapeMarkup } from '../../../site/render/html-tree.ts';

const xml = escapeMarkup;

export function getStaticPaths() {
  // A parameter so that a build without the history writes no feed.
  return getHistory() ? [{ params: { feed: 'feed' } }] : [];
}

export const GET: APIRoute = ({ site }) => {
  // Links are relative to the feed's address unless the site's origin is configured (astro.config `site`);
  // ids are tag: URIs, stable whatever the host.
  const origin = site?.origin ?? '';
  const h = getHistory()!;
  const rendered = new Set(getSite().editions.filter((e) => e.lang === 'en').map((e) => e.edition));
  const rows = editionRows(h, rendered);
  const entries = rows.map((r) => {
    const link = r.previous ? `${origin}${pairPath(r.previous, r.edition)}` : `${origin}${CHANGES_PATH}#e-${r.edition}`;
    const s = r.summary;
    const summary = s
      ? `Rules: ${s.rules.added} added, ${s.rules.removed} removed, ${s.rules.changed} changed, ${s.rules.moved} moved, ${s.rules['moved-changed']} moved and changed. Examples: ${s.examples.added} added, ${s.examples.removed} removed, ${s.examples.changed + s.examples['moved-changed']} changed. Glossary: ${s.glossary.added} added, ${s.glossary.removed} removed, ${s.glossary.changed + s.glossary['moved-changed']} changed.`
      : 'The first edition in the archive.';
    return `<entry><title>${xml(`Comprehensive Rules ${r.edition}`)}</title><id>tag:cr-atlas,2026:en/changes/${r.edition}</id><updated>${r.edition}T00:00:00Z</updated><link rel="alternate" type="text/html" href="${xml(link)}"/><summary>${xml(summary)}</summary></entry>`;
  });
  const body = `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>CR Atlas: Comprehensive Rules changes</title><id>tag:cr-atlas,2026:en/changes</id><updated>${h.editions.at(-1)}T00:00:00Z</updated><link rel="self" type="application/atom+xml" href="${xml(origin + FEED_PATH)}"/><link rel="alternate" type="text/html" href="${xml(origin + CHANGES_PATH)}"/><author><name>CR Atlas</name></author>${entries.join('')}</feed>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
