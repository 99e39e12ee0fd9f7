/**
 * The contents sidebar of a section page: the part's sections (the current one marked) and the
 * current section's rules (`702.19`, not subrules), each linking to its anchor on this page or to the
 * page of the section that holds it. Pure over the site model; rendered by SectionToc.astro.
 */
import { paragraphText, isHeadingRule } from '../../model/text.ts';
import type { Paragraph } from '../../model/types.ts';
import { clipParagraph } from './inline-view.ts';
import { relativeHref, ruleHref, sectionHref, type Edition, type SectionPage } from '../site.ts';

interface TocRule {
  number: string;
  /** The rule's title when it is a heading (`Trample`), else the start of its text (the CSS clips it). */
  label: string;
  /** The same as the page shows it (gaps and restored characters marked), for the one inline renderer. */
  inline: Paragraph;
  href: string;
  /** On this page (the sidebar highlights it while it is in view). */
  here: boolean;
  /** `en` where the label is English in a translated edition (an untranslated rule of a composed edition). */
  lang?: 'en';
}

interface TocSection {
  number: string;
  title: string;
  href: string;
  current: boolean;
  lang?: 'en';
}

/** A part's heading as the edition shows it. */
export interface PartHeading {
  number: string;
  /** The source's title; when it prints none (a Korean 2017 chapter post), the same-edition English one. */
  title: string;
  /** The title is the English one (shown lang="en" and marked EN, never as if it were the translation). */
  english: boolean;
}

/** Part `number`'s heading in `ed`: the title its source prints, else the same-edition English one, marked. */
export function partHeading(ed: Edition, number: string): PartHeading {
  const own = ed.doc.parts.find((p) => p.number === number)?.title ?? '';
  const en = ed.english?.doc.parts.find((p) => p.number === number)?.title ?? '';
  return own || !en ? { number, title: own, english: false } : { number, title: en, english: true };
}

/** `en` for the text of a rule a composed edition shows in English (untranslated), for its `lang` attribute. */
export function englishText(ed: Edition, number: string): 'en' | undefined {
  return ed.lang !== 'en' && ed.rules.get(number)?.translation?.status === 'untranslated' ? 'en' : undefined;
}

export interface Toc {
  part: PartHeading;
  sections: TocSection[];
  rules: TocRule[];
}

/** Longest rule label kept (characters); longer text is cut at a word or character boundary. */
const LABEL_MAX = 80;

function label(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= LABEL_MAX) return t;
  const cut = t.slice(0, LABEL_MAX);
  const space = cut.lastIndexOf(' ');
  return `${space > LABEL_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

export function sectionToc(page: SectionPage): Toc {
  const { ed, section } = page;
  const part = partHeading(ed, section.part);
  const sections = ed.sections
    .filter((s) => s.part === section.part)
    .map((s) => ({ number: s.number, title: s.title, href: sectionHref(ed, s.number) ?? ed.base, current: s === section, ...(englishText(ed, s.number) ? { lang: 'en' as const } : {}) }));
  const rules = section.entries
    .filter((r) => r.kind === 'rule')
    .map((r) => {
      const first = r.body[0];
      const text = first ? paragraphText(first) : '';
      const where = ed.pageOf.get(r.number);
      const href = relativeHref(ruleHref(ed, r.number) ?? `#${r.number}`, page.path);
      const heading = isHeadingRule(r);
      return { number: r.number, label: heading ? text.trim() : label(text), inline: first ? (heading ? first : clipParagraph(first, LABEL_MAX)) : [], href, here: where === page, ...(englishText(ed, r.number) ? { lang: 'en' as const } : {}) };
    });
  return { part, sections, rules };
}
