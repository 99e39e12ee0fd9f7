/**
 * The registry of diagnostic codes: every finding a reader or stage can report about a source, with
 * its default severity, a title, the form of its message and a hint saying what to do about it. It is
 * the one place a code is defined: `Diagnostic.code` is typed as its keys, every reader and stage
 * reports through `reporter()`/`diagnostic()`, and the site's /diagnostics/ page is generated from it
 * for people adding a document. To add a code: add an entry here (the page and the types follow).
 *
 * `message` is the form of the located message (placeholders in braces); the message itself is
 * written where the finding is made, because only there is the evidence (found … expected …).
 */
import type { Diagnostic, Severity } from './types.ts';

/** Where in the pipeline a code is reported. */
export type DiagnosticStage = 'sources' | 'decode' | 'reader' | 'assemble' | 'completeness' | 'link' | 'align' | 'generated';

export interface DiagnosticSpec {
  /** The severity it is reported with, unless the call site gives one of `alsoAs`. */
  severity: Severity;
  /** Other severities a call site may give (e.g. `info` where the finding is expected). */
  alsoAs?: readonly Severity[];
  stage: DiagnosticStage;
  /** The modules under src/pipeline/ that report it. */
  modules: readonly string[];
  title: string;
  message: string;
  hint: string;
}

export const DIAGNOSTICS = {
  // ---- decode
  encoding: {
    severity: 'warning', alsoAs: ['info'], stage: 'decode', modules: ['decode'],
    title: 'Encoding guessed or bytes unreadable',
    message: 'decoded as {encoding}: … (info) | {count} invalid {encoding} byte sequences replaced by U+FFFD, first at line:column {where} (warning)',
    hint: 'Save the document as UTF-8. A replacement character means bytes were lost: find a better copy of the source rather than editing the text.',
  },
  'encoding-garbage': {
    severity: 'error', stage: 'decode', modules: ['decode'],
    title: 'Garbage inside the text',
    message: '{encoding} text has an odd number of bytes | garbage inside {encoding} text: {count} unreadable characters …, first at line:column {where} | {count} characters of Chinese, Japanese or Korean script inside English text, first at line:column {where}',
    hint: 'The file is damaged (bytes lost or inserted) or read in the wrong encoding: the result would hold garbage. Get the document again from its source rather than editing the text.',
  },
  'control-character': {
    severity: 'error', stage: 'decode', modules: ['decode'],
    title: 'Control or direction-override character',
    message: '{count} control or bidirectional-override characters ({names}), first at line:column {where}',
    hint: 'No rules text contains them: a direction override makes a word display as another (a second, identical "Trample"), a control character is invisible. Get a clean copy of the source.',
  },
  // ---- readers
  'no-edition': {
    severity: 'warning', alsoAs: ['info'], stage: 'reader', modules: ['readers/en-text', 'readers/ja-text', 'readers/ko-lines'],
    title: 'No effective date',
    message: 'no line "These rules are effective as of {date}." found; edition unknown',
    hint: 'Give the document in the sources manifest (content/sources.json) with its `edition`; chapter posts that never state one are reported as info.',
  },
  'edition-mismatch': {
    severity: 'warning', stage: 'reader', modules: ['readers/ja-text'],
    title: 'Title and effective date disagree',
    message: 'the title says edition {edition}, but line {line} says the rules are effective from {date}; using {edition}',
    hint: 'Check which date is right against the publisher; the manifest entry decides the edition the site shows.',
  },
  'no-rules': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-text', 'readers/ko-lines'],
    title: 'No numbered rules',
    message: 'no numbered rule lines such as "100.1. …" found | the post has front matter but no body',
    hint: 'The file is probably not the rules (or an empty post): check the source URL in the manifest.',
  },
  'stray-line': {
    severity: 'warning', stage: 'reader', modules: ['readers/en-text', 'readers/ja-text'],
    title: 'Stray line between rules',
    message: 'a line consisting of "{text}" after {rule}; expected rule text. Not part of any rule, ignored',
    hint: 'An artifact of the page the text was copied from; nothing to do unless the line is real rule text.',
  },
  'stray-prefix': {
    severity: 'warning', stage: 'reader', modules: ['readers/ja-text'],
    title: 'Rule number with a stray prefix',
    message: 'rule number printed with a stray "{prefix}" in front; expected the number first; read as {rule}',
    hint: 'Read as the number after the prefix; report it upstream if the source can be corrected.',
  },
  'unclosed-note': {
    severity: 'warning', stage: 'reader', modules: ['readers/ja-text'],
    title: 'Translator note not closed',
    message: 'translator note "(訳注:" without its closing parenthesis; the note runs to the end of the line',
    hint: 'Check the printed note: the reader ends it at the end of the line.',
  },
  'glossary-orphan-line': {
    severity: 'warning', stage: 'reader', modules: ['readers/ja-text'],
    title: 'Glossary text before a headword',
    message: 'glossary line before any headword; expected a headword "term(reading)/English" first',
    hint: 'The glossary should start with a headword line; the text is not attached to any entry.',
  },
  'glossary-no-definition': {
    severity: 'warning', stage: 'reader', modules: ['readers/en-text', 'readers/ja-text', 'readers/ko-lines'],
    title: 'Glossary term without definition',
    message: 'glossary term "{term}" has no definition line after it; expected the definition on the next line',
    hint: 'A headword must be followed by its definition on the next line; a blank line in between splits them.',
  },
  'glossary-omitted': {
    severity: 'info', stage: 'reader', modules: ['readers/ko-lines'],
    title: 'Glossary left out by the source',
    message: 'the glossary ({heading}) is left out ("{marker}"); the document has no glossary entries',
    hint: 'Expected for translations that say so; the site falls back to the English glossary.',
  },
  'furigana-cleanup': {
    severity: 'info', stage: 'reader', modules: ['readers/ja-text'],
    title: 'Flattened furigana cleaned',
    message: 'flattened furigana cleaned with {pairs} glossary base/reading pairs: {readings} readings removed, …',
    hint: 'A summary, not a fault: the counts say how much of the copied text was repaired.',
  },
  'damaged-text': {
    severity: 'info', stage: 'reader', modules: ['readers/ja-text'],
    title: 'Text lost in the source',
    message: 'rule {rule}: {reason}; the text is kept as printed, the lost characters cannot be restored',
    hint: 'The page marks the damage where it is; only a better copy of the source can restore it.',
  },
  omitted: {
    severity: 'info', stage: 'reader', modules: ['readers/ko-lines'],
    title: 'Rules left out by the source',
    message: '"{marker}": the source leaves out the rest of section {section} after {rule} (not translated)',
    hint: 'Expected where a translation skips rules; the alignment lists what is missing.',
  },
  'footnote-undefined': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-lines', 'readers/ko-markdown'],
    title: 'Footnote reference without definition',
    message: 'footnote [^{id}] has no definition "[^{id}]: …"',
    hint: 'Add the definition to the source or check that the label is spelled the same in both places.',
  },
  'footnote-unused': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-markdown'],
    title: 'Footnote never referenced',
    message: 'footnote [^{id}] is defined but never referenced; expected a "[^{id}]" in the text',
    hint: 'The note is kept but attached to nothing; check the reference label in the text.',
  },
  'unknown-image': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-markdown'],
    title: 'Image that is not a symbol',
    message: 'image {url} is not a mana/game symbol (expected /assets/symbols/X.gif); kept its alt text',
    hint: 'Only symbol images are understood; add the image to the symbol table (src/site/symbols.ts) if it is one.',
  },
  'delimiter-flood': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-markdown', 'readers/ko-jekyll-html'],
    title: 'Emphasis delimiters flood',
    message: 'more than {max} emphasis delimiters (* and _) in one block; read them as literal characters',
    hint: 'Markdown emphasis is not expected in rules; the characters are kept as printed.',
  },
  'anchor-mismatch': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-lines'],
    title: 'Anchor names another rule',
    message: 'anchor <a name="{anchor}"> is followed by rule {rule}; expected the anchor to equal the number of the paragraph after it',
    hint: 'The rule number in the text wins; the anchor of the source page is wrong.',
  },
  'anchor-unused': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-jekyll-html'],
    title: 'Anchor without its paragraph',
    message: 'anchor <a name="{anchor}"> is followed by {what}; expected a numbered paragraph after it',
    hint: 'A paragraph of the source page is probably missing after the anchor; compare with the English edition.',
  },
  'link-mismatch': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-jekyll-html'],
    title: 'Link text and target differ',
    message: 'link text {text} points at #{target}; expected the anchor to equal the text',
    hint: 'The visible text is used as the reference; the link target of the source is wrong.',
  },
  'unknown-class': {
    severity: 'info', stage: 'reader', modules: ['readers/ko-jekyll-html'],
    title: 'Unknown paragraph class',
    message: '<p class="{class}"> is not one of paragraph, clause, example; read by its text',
    hint: 'Add the class to the reader if the source uses it on purpose.',
  },
  'markup-mismatch': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-lines'],
    title: 'Markup and text disagree',
    message: '{rule} is a {kind}, but its markup is for {other}',
    hint: 'The text decides (number or "Example:" label); the markup of the source page is wrong.',
  },
  'bare-line': {
    severity: 'info', stage: 'reader', modules: ['readers/ko-lines'],
    title: 'Rule as a plain line among HTML paragraphs',
    message: 'rule {rule} is a plain line among the HTML paragraphs',
    hint: 'Read like the others; the source\'s generator skipped it, usually because of an irregular number.',
  },
  'glued-number': {
    severity: 'warning', stage: 'reader', modules: ['readers/en-text'],
    title: 'Rule number glued to its text',
    message: 'no space after rule number {rule}. (the source prints "{text}…"); read as rule {rule}',
    hint: 'Read as the number and its text; nothing to do unless the number itself is wrong.',
  },
  'doubled-label': {
    severity: 'info', stage: 'reader', modules: ['readers/en-text'],
    title: 'Example label printed twice',
    message: 'the source prints "Example:" twice; read as one label',
    hint: 'A typo of the source, read as one example; nothing to do.',
  },
  'glued-headword': {
    severity: 'warning', stage: 'reader', modules: ['readers/en-text'],
    title: 'Glossary headword glued to its definition',
    message: 'glossary headword "{term}" is printed on the line of its first definition; read as headword and definition',
    hint: 'Read as a headword and its definition; check the split if the term looks wrong on the glossary page.',
  },
  // ---- assemble (numbering and structure)
  'not-in-order': {
    severity: 'error', stage: 'assemble', modules: ['assemble'],
    title: 'Document out of rule order',
    message: '{count} of {total} numbered entries are out of rule order (first: {rule} at line {line}); numbers kept as printed',
    hint: 'The file is shuffled or wrongly concatenated: the result is not trustworthy. Get the document again from its source.',
  },
  renumbered: {
    severity: 'warning', stage: 'assemble', modules: ['assemble'],
    title: 'Misprinted rule number corrected',
    message: 'rule printed as {printed} after {before}, where the order requires {fixed}; read as {fixed}',
    hint: 'Check the correction against the English edition; the page shows the printed number too.',
  },
  'out-of-order': {
    severity: 'warning', stage: 'assemble', modules: ['assemble'],
    title: 'Rule out of order',
    message: 'rule {printed} after {before} is out of order and no misprint explains it; kept as printed',
    hint: 'Compare with the English edition: a misplaced paragraph or a number the reader could not correct.',
  },
  'duplicate-rule': {
    severity: 'warning', stage: 'assemble', modules: ['assemble'],
    title: 'Rule number printed twice',
    message: 'rule {printed} after {before} is out of order …; kept as printed (a stale duplicate of the earlier entry)',
    hint: 'Usually a stale paragraph the translation kept; the first entry is the one linked to.',
  },
  'orphan-paragraph': {
    severity: 'warning', stage: 'assemble', modules: ['assemble'],
    title: 'Paragraph before the first rule',
    message: '{kind} paragraph before any numbered rule; expected it after a rule',
    hint: 'The text is not shown as part of any rule; check the start of the rules in the source.',
  },
  'missing-parent': {
    severity: 'info', stage: 'assemble', modules: ['assemble'],
    title: 'Rule without its parent',
    message: 'rule {rule} has no parent {parent} in this document',
    hint: 'Expected in partial translations; otherwise the parent rule is missing from the source.',
  },
  // ---- completeness
  incomplete: {
    severity: 'error', stage: 'completeness', modules: ['completeness'],
    title: 'Part of the contents missing',
    message: '{part}, listed in the contents at line {line}, is not in the document; expected every part of the contents in the body',
    hint: 'The document lost a part its own contents list: the result would be incomplete. Get the document again from its source.',
  },
  'edition-date': {
    severity: 'error', stage: 'completeness', modules: ['completeness'],
    title: 'Edition date impossible or in the future',
    message: 'the document states the edition {date} is not a date that exists | … is more than {days} days after today',
    hint: 'A real edition states a date that exists, at most a few weeks ahead. Check the "effective as of" line against the publisher; a wrong date would become the latest edition and hide every real update.',
  },
  'ends-early': {
    severity: 'error', stage: 'completeness', modules: ['completeness'],
    title: 'Document ends early',
    message: 'the document ends early at line {line}, {where}; missing what its contents list from there on: {parts}',
    hint: 'The file is truncated (an interrupted download or copy): get it again; the build stops rather than publish a shorter text.',
  },
  // ---- link and align
  'missing-ref': {
    severity: 'warning', stage: 'link', modules: ['link'],
    title: 'Reference to a rule the document lacks',
    message: '{rule} refers to {text}, which this document does not contain; expected an existing {kind}',
    hint: 'The reference is shown but not linked; check the number against the English edition.',
  },
  'not-in-english': {
    severity: 'info', stage: 'align', modules: ['align'],
    title: 'Rule not in the English edition',
    message: 'rule {rule} is not in the English {edition} edition (stale or misnumbered in the source)',
    hint: 'The translation keeps a rule English dropped or renumbered; it is shown without an English counterpart.',
  },
  untranslated: {
    severity: 'info', stage: 'align', modules: ['align'],
    title: 'Rules the translation lacks',
    message: '{count} rules of the English {edition} edition are not in this translation: {rules}',
    hint: 'The site shows these rules in English, marked as untranslated.',
  },
  // ---- the manifest (content/manifest.json, edited by people)
  'manifest-malformed': {
    severity: 'error', stage: 'sources', modules: ['sources'],
    title: 'Manifest malformed',
    message: 'at {path}: found {value}, expected {shape} | not JSON ({error}) | the file does not exist',
    hint: 'Fix the entry the message names in content/manifest.json (README, “Adding a document”, lists every field); `npm run -s cr -- sources` checks it without building.',
  },
  // ---- generated data (src/generated/, written by `npm run data`)
  'generated-missing': {
    severity: 'error', stage: 'generated', modules: ['crosswalk-file', 'generated'],
    title: 'Generated data missing',
    message: 'the file does not exist; expected the {what} the data stage writes',
    hint: 'Run `npm run data` (the build and the tests run it themselves); it writes src/generated/ from the sources.',
  },
  'generated-malformed': {
    severity: 'error', stage: 'generated', modules: ['crosswalk-file', 'generated'],
    title: 'Generated data malformed',
    message: 'at {path}: found {value}, expected {shape} | not JSON ({error})',
    hint: 'Do not edit src/generated/ by hand: run `npm run data` to write it again; if it still fails, the stage that writes it is wrong.',
  },
} as const satisfies Record<string, DiagnosticSpec>;

export type DiagnosticCode = keyof typeof DIAGNOSTICS;

export const DIAGNOSTIC_CODES = Object.keys(DIAGNOSTICS).sort() as DiagnosticCode[];

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.hasOwn(DIAGNOSTICS, code);
}

/** The registry entry of a code. */
export function describeCode(code: DiagnosticCode): DiagnosticSpec {
  return DIAGNOSTICS[code];
}

/** One finding. `severity` must be the code's own or one of its `alsoAs`. */
export function diagnostic(code: DiagnosticCode, file: string, line: number, message: string, options: { rule?: string | undefined; severity?: Severity } = {}): Diagnostic {
  const spec: DiagnosticSpec = DIAGNOSTICS[code];
  const severity = options.severity ?? spec.severity;
  if (severity !== spec.severity && !spec.alsoAs?.includes(severity)) {
    throw new Error(`diagnostic ${code} is registered as ${spec.severity}${spec.alsoAs ? ` or ${spec.alsoAs.join(', ')}` : ''}, not ${severity} (src/model/diagnostics.ts)`);
  }
  return { severity, file, line, code, message, ...(options.rule ? { rule: options.rule } : {}) };
}

/** Reports findings about one file into a list: `report(code, line, message, rule?, severity?)`. */
export type Report = (code: DiagnosticCode, line: number, message: string, rule?: string, severity?: Severity) => void;

export function reporter(file: string, into: Diagnostic[]): Report {
  return (code, line, message, rule, severity) => {
    into.push(diagnostic(code, file, line, message, { rule, ...(severity ? { severity } : {}) }));
  };
}
