/**
 * Web addresses in a document's plain-text paragraphs (the introduction: `Magic.Wizards.com/Rules`,
 * `http://Support.Wizards.com/`) as links: the text split into runs of text and addresses, the address
 * printed exactly as the source has it and linked with its scheme (https when it has none). Only ASCII
 * address characters belong to an address (Korean `…/Rules에서` stops before 에서), and a sentence's closing
 * punctuation is left outside it. Pure; the page renders the runs (HomeView.astro).
 */

export type Run = { text: string } | { text: string; href: string };

const ADDRESS = /\bhttps?:\/\/[A-Za-z0-9._~:/?#@!$&'*+,;=%-]+|\b(?:[A-Za-z0-9-]+\.)+(?:com|org|net)(?:\/[A-Za-z0-9._~/%-]*)?/g;

export function linkify(text: string): Run[] {
  const runs: Run[] = [];
  let at = 0;
  for (const m of text.matchAll(ADDRESS)) {
    const address = m[0].replace(/[.,;:!?'*]+$/, '');
    if (m.index > at) runs.push({ text: text.slice(at, m.index) });
    runs.push({ text: address, href: /^https?:/i.test(address) ? address : `https://${address}` });
    at = m.index + address.length;
  }
  if (at < text.length) runs.push({ text: text.slice(at) });
  return runs;
}
