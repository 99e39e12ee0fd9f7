/**
 * The registry of diagnostic codes: every finding a reader or stage can report about a source, with
 * its default severity, a title, the form of its message and a hint saying what to do about it. It is
 * the one place a code is defined: `Diagnostic.code` is typed as its keys, every reader and stage
 * reports through `reporter()`/`diagnostic()`, and the site's /diagnostics/ page is generated from it
 * for people adding a document. To add a code: add an entry here (the page and the types follow).
 *
 * The registry is also the formatter: `message` is the form of the located message (placeholders in
 * braces), or several named forms where one finding is worded in more than one way. A call site gives
 * only the evidence — the arguments, typed from the form's placeholders (`DiagnosticArgs<code>`, with
 * `form` naming one of several) — and `diagnostic()` writes the message, so every message is its form.
 */
import type { Diagnostic, Severity } from './types.ts';

/** Where in the pipeline a code is reported. */
export type DiagnosticStage = 'sources' | 'decode' | 'reader' | 'assemble' | 'completeness' | 'link' | 'align' | 'generated' | 'search';

export interface DiagnosticSpec {
  /** The severity it is reported with, unless the call site gives one of `alsoAs`. */
  severity: Severity;
  /** Other severities a call site may give (e.g. `info` where the finding is expected). */
  alsoAs?: readonly Severity[];
  stage: DiagnosticStage;
  /** The modules under src/pipeline/ that report it. */
  modules: readonly string[];
  title: string;
  /** The message form, or named forms; `{name}` is filled from the call site's arguments. */
  message: string | Readonly<Record<string, string>>;
  hint: string;
}

export const DIAGNOSTICS = {
  // ---- decode
  encoding: {
    severity: 'warning', alsoAs: ['info'], stage: 'decode', modules: ['decode'],
    title: 'Encoding guessed or bytes unreadable',
    message: {
      guessed: 'decoded as {encoding}: not UTF-8, and it reads as Japanese or Korean text there',
      cp437: 'decoded as CP437: its {count} non-ASCII bytes read as letters there (e.g. Dandân), not as Windows-1252 punctuation',
      replaced: '{count} invalid {encoding} byte sequences replaced by U+FFFD, first at line:column {where}; expected valid {encoding} text',
      'replaced-one': '1 invalid {encoding} byte sequence replaced by U+FFFD, first at line:column {where}; expected valid {encoding} text',
    },
    hint: 'Save the document as UTF-8. A replacement character means bytes were lost: find a better copy of the source rather than editing the text.',
  },
  'encoding-garbage': {
    severity: 'error', stage: 'decode', modules: ['decode'],
    title: 'Garbage inside the text',
    message: {
      'odd-bytes': '{encoding} text has an odd number of bytes ({bytes}); expected whole 2-byte code units',
      utf16: 'garbage inside {encoding} text: {count} unreadable or impossible characters and {shifted} runs of bytes out of step, first at line:column {where}; expected clean {encoding} text',
      utf8: 'garbage inside UTF-8 text: {count} unreadable or impossible characters (invalid byte sequences replaced by U+FFFD, unassigned or private-use code points), first at line:column {where}; expected clean UTF-8 text',
      'cjk-in-english': '{count} characters of Chinese, Japanese or Korean script inside English text, first at line:column {where}; expected English text (a damaged file, or bytes read in the wrong encoding)',
    },
    hint: 'The file is damaged (bytes lost or inserted) or read in the wrong encoding: the result would hold garbage. Get the document again from its source rather than editing the text.',
  },
  'control-character': {
    severity: 'error', stage: 'decode', modules: ['decode'],
    title: 'Control or direction-override character',
    message: '{count} control or bidirectional-override characters ({names}), first at line:column {where}; expected none in rules text',
    hint: 'No rules text contains them: a direction override makes a word display as another (a second, identical "Trample"), a control character is invisible. Get a clean copy of the source.',
  },
  // ---- readers
  'no-edition': {
    severity: 'warning', alsoAs: ['info'], stage: 'reader', modules: ['readers/en-text', 'readers/ja-text', 'readers/ko-lines'],
    title: 'No effective date',
    message: {
      en: 'no line "These rules are effective as of <Month> <day>, <year>." found; edition unknown',
      ja: 'no edition date found: expected a title such as "マジック総合ルール(和訳 20190125.3 版)" or a line "このルールは2019年1月25日から有効です。"',
      ko: 'the document states no effective date (expected a line such as "이 규칙은 2019년 1월 25일부터 시행됩니다."); edition unknown',
      'ko-chapter': 'the document states no effective date (expected a line such as "이 규칙은 2019년 1월 25일부터 시행됩니다."); edition unknown (a chapter post: the site manifest supplies it)',
    },
    hint: 'Give the document in the sources manifest (content/manifest.json) with its `edition`; chapter posts that never state one are reported as info.',
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
    message: {
      'no-numbers': 'no numbered rule lines such as "100.1. …" found',
      'empty-post': 'the post has front matter but no body',
    },
    hint: 'The file is probably not the rules (or an empty post): check the source URL in the manifest.',
  },
  'stray-line': {
    severity: 'warning', stage: 'reader', modules: ['readers/en-text', 'readers/ja-text'],
    title: 'Stray line between rules',
    message: {
      'one-letter': 'stray one-letter line "{text}" between rules left out; expected a rule, example or continuation paragraph',
      artifact: 'a line consisting of "{text}" after {after}; expected rule text. Not part of any rule (an artifact of the source page), ignored',
    },
    hint: 'An artifact of the page the text was copied from; nothing to do unless the line is real rule text.',
  },
  'stray-prefix': {
    severity: 'warning', stage: 'reader', modules: ['readers/ja-text'],
    title: 'Rule number with a stray prefix',
    message: 'rule number printed with a stray "{prefix}" in front ("{start}…"); expected the number first; read as {rule}',
    hint: 'Read as the number after the prefix; report it upstream if the source can be corrected.',
  },
  'unclosed-note': {
    severity: 'warning', stage: 'reader', modules: ['readers/ja-text'],
    title: 'Translator note not closed',
    message: 'translator note "(訳注:" without its closing parenthesis; expected "(訳注:…)"; the note runs to the end of the line',
    hint: 'Check the printed note: the reader ends it at the end of the line.',
  },
  'glossary-orphan-line': {
    severity: 'warning', stage: 'reader', modules: ['readers/ja-text'],
    title: 'Glossary text before a headword',
    message: 'glossary line before any headword; expected a headword "term(reading)/English" first. Text: {text}',
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
    message: 'flattened furigana cleaned with {pairs} glossary base/reading pairs: {readings} readings removed, {brackets} lost 〔 restored, {orphans} orphan readings replaced by their kanji, {spaces} artifact spaces dropped; {damaged} lines keep evidently lost characters (damaged-text), with {gaps} junctions and {lostWords} lost words marked',
    hint: 'A summary, not a fault: the counts say how much of the copied text was repaired.',
  },
  'damaged-text': {
    severity: 'info', stage: 'reader', modules: ['readers/ja-text'],
    title: 'Text lost in the source',
    message: {
      rule: 'rule {rule}: {reason}; the text is kept as printed, the lost characters cannot be restored',
      'outside-rules': '{where}: {reason}; the text is kept as printed, the lost characters cannot be restored',
    },
    hint: 'The page marks the damage where it is; only a better copy of the source can restore it.',
  },
  omitted: {
    severity: 'info', stage: 'reader', modules: ['readers/ko-lines'],
    title: 'Rules left out by the source',
    message: {
      section: '"{marker}": the source leaves out the rest of section {section} after {rule} (not translated); those rules are absent from this document',
      part: '"{marker}": the source leaves out the rest of this part (not translated); those rules are absent from this document',
    },
    hint: 'Expected where a translation skips rules; the alignment lists what is missing.',
  },
  'footnote-undefined': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-lines', 'readers/ko-markdown'],
    title: 'Footnote reference without definition',
    message: {
      markdown: 'footnote [^{id}] has no definition "[^{id}]: …"; kept an empty note',
      text: 'footnote reference [^{id}] has no definition "[^{id}]: …"; kept as text',
    },
    hint: 'Add the definition to the source or check that the label is spelled the same in both places.',
  },
  'footnote-unused': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-markdown'],
    title: 'Footnote never referenced',
    message: 'footnote [^{id}] is defined but never referenced; expected a "[^{id}]" in the text. Note: {text}',
    hint: 'The note is kept but attached to nothing; check the reference label in the text.',
  },
  'unknown-image': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-markdown'],
    title: 'Image that is not a symbol',
    message: 'image {url} is not a mana/game symbol (expected /assets/symbols/X.gif); kept its alt text "{alt}"',
    hint: 'Only symbol images are understood; add the image to the symbol table (src/site/render/symbols.ts) if it is one.',
  },
  'delimiter-flood': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-markdown', 'readers/ko-jekyll-html'],
    title: 'Emphasis delimiters flood',
    message: 'more than {max} emphasis delimiters (* and _) in one block; read them as literal characters (a rules text has a handful)',
    hint: 'Markdown emphasis is not expected in rules; the characters are kept as printed.',
  },
  'anchor-mismatch': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-lines'],
    title: 'Anchor names another rule',
    message: {
      rule: 'anchor <a name="{anchor}"> is followed by rule {rule}; expected the anchor to equal the number of the paragraph after it',
      unnumbered: 'anchor <a name="{anchor}"> is followed by an unnumbered paragraph; expected the anchor to equal the number of the paragraph after it',
    },
    hint: 'The rule number in the text wins; the anchor of the source page is wrong.',
  },
  'anchor-unused': {
    severity: 'warning', stage: 'reader', modules: ['readers/ko-jekyll-html'],
    title: 'Anchor without its paragraph',
    message: {
      'another-anchor': 'anchor <a name="{anchor}"> is followed by another anchor ({next}); expected a numbered paragraph after it',
      'end-of-document': 'anchor <a name="{anchor}"> at the end of the document; expected a numbered paragraph after it',
      'ends-paragraph': 'anchor <a name="{anchor}"> ends its paragraph; expected a numbered line after it',
      'empty-paragraph': 'anchor <a name="{anchor}"> is followed by an empty paragraph; expected a numbered paragraph',
    },
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
    message: {
      kind: '{rule} is a {kind}, but its markup is for {markup}',
      example: 'an example inside markup for a {markup}; expected example markup',
      continuation: 'markup says {markup}, but the text is neither numbered nor labelled "Example:"; kept as a continuation paragraph. Text: {text}',
    },
    hint: 'The text decides (number or "Example:" label); the markup of the source page is wrong.',
  },
  'bare-line': {
    severity: 'info', stage: 'reader', modules: ['readers/ko-lines'],
    title: 'Rule as a plain line among HTML paragraphs',
    message: 'rule {rule} is a plain line among the HTML paragraphs (the site generator did not convert it, probably because of its irregular number)',
    hint: 'Read like the others; the source\'s generator skipped it, usually because of an irregular number.',
  },
  'glued-number': {
    severity: 'warning', stage: 'reader', modules: ['readers/en-text'],
    title: 'Rule number glued to its text',
    message: 'no space after rule number {rule}. (the source prints "{start}…"); read as rule {rule}',
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
    message: 'glossary headword "{term}" is printed on the line of its first definition ("{start}…"); read as headword and definition',
    hint: 'Read as a headword and its definition; check the split if the term looks wrong on the glossary page.',
  },
  // ---- assemble (numbering and structure)
  'not-in-order': {
    severity: 'error', stage: 'assemble', modules: ['assemble'],
    title: 'Document out of rule order',
    message: '{count} of {total} numbered entries are out of rule order (first: {rule} at line {line}); expected rules in ascending order. Numbers are kept as printed, nothing is corrected',
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
    message: 'rule {printed} after {before} is out of order and no misprint explains it; expected a number after {before}; kept as printed',
    hint: 'Compare with the English edition: a misplaced paragraph or a number the reader could not correct.',
  },
  'duplicate-rule': {
    severity: 'warning', stage: 'assemble', modules: ['assemble'],
    title: 'Rule number printed twice',
    message: 'rule {printed} after {before} is out of order and no misprint explains it; expected a number after {before}; kept as printed (a stale duplicate of the earlier entry)',
    hint: 'Usually a stale paragraph the translation kept; the first entry is the one linked to.',
  },
  'orphan-paragraph': {
    severity: 'warning', stage: 'assemble', modules: ['assemble'],
    title: 'Paragraph before the first rule',
    message: '{kind} paragraph before any numbered rule; expected it after a rule. Text: {text}',
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
    message: {
      'not-a-date': 'the document states the edition "{edition}" is not a date YYYY-MM-DD',
      'no-such-month': 'the document states the edition {edition} is not a date that exists (no month {month})',
      'no-such-day': 'the document states the edition {edition} is not a date that exists (the month has no day {day})',
      future: 'the document states the edition {edition} is more than {days} days after today ({today}); expected the date of a published edition',
    },
    hint: 'A real edition states a date that exists, at most a few weeks ahead. Check the "effective as of" line against the publisher; a wrong date would become the latest edition and hide every real update.',
  },
  'ends-early': {
    severity: 'error', stage: 'completeness', modules: ['completeness'],
    title: 'Document ends early',
    message: {
      parts: 'the document ends early at line {line}, {where}; missing what its contents list from there on: {parts}',
      glossary: 'the document ends early at line {line}, {where}; missing what its contents list from there on: {parts}, and any glossary entries after that headword',
    },
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
    message: {
      all: '{count} rules of the English {edition} edition are not in this translation: {rules}',
      'first-20': '{count} rules of the English {edition} edition are not in this translation: {rules}, …',
    },
    hint: 'The site shows these rules in English, marked as untranslated.',
  },
  // ---- the manifest (content/manifest.json, edited by people)
  'manifest-malformed': {
    severity: 'error', stage: 'sources', modules: ['sources', 'json-file'],
    title: 'Manifest malformed',
    message: {
      missing: 'the file does not exist; expected the {what}',
      'not-json': 'not JSON ({error}); expected the {what}',
      shape: 'at {path}: found {value}, expected {shape}',
    },
    hint: 'Fix the entry the message names in content/manifest.json (README, “Adding a document”, lists every field); `npm run -s cr -- sources` checks it without building.',
  },
  // ---- generated data (src/generated/, written by `npm run data`)
  'generated-missing': {
    severity: 'error', stage: 'generated', modules: ['crosswalk-file', 'generated', 'json-file'],
    title: 'Generated data missing',
    message: 'the file does not exist; expected the {what}',
    hint: 'Run `npm run data` (the build and the tests run it themselves); it writes src/generated/ from the sources.',
  },
  'generated-malformed': {
    severity: 'error', stage: 'generated', modules: ['crosswalk-file', 'generated', 'json-file'],
    title: 'Generated data malformed',
    message: {
      'not-json': 'not JSON ({error}); expected the {what}',
      shape: 'at {path}: found {value}, expected {shape}',
    },
    hint: 'Do not edit src/generated/ by hand: run `npm run data` to write it again; if it still fails, the stage that writes it is wrong.',
  },
  // ---- search tables (content/search/, read by the search step of the build and by the bench)
  'search-table-malformed': {
    severity: 'error', stage: 'search', modules: ['json-file'],
    title: 'Search table malformed',
    message: {
      missing: 'the file does not exist; expected the {what}',
      'not-json': 'not JSON ({error}); expected the {what}',
      shape: 'at {path}: found {value}, expected {shape}',
      'not-rule': 'at {path}: found {value}, expected a rule number such as 509.1a',
      'unknown-rule': 'at {path}: rule {rule} is not in the {edition} edition; expected a rule of the edition whose numbers key the file (its numbering)',
    },
    hint: 'Fix the entry the message names in the file under content/search/ (its $comment says what each field holds); the search step of `npm run build` reads every table again.',
  },
} as const satisfies Record<string, DiagnosticSpec>;

export type DiagnosticCode = keyof typeof DIAGNOSTICS;

export const DIAGNOSTIC_CODES = Object.keys(DIAGNOSTICS).sort() as DiagnosticCode[];

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.hasOwn(DIAGNOSTICS, code);
}

/** What to do about a code, and where the site explains it: printed where the error happens (data stage, `cr`). */
export function hintLine(code: DiagnosticCode): string {
  return `hint (${code}): ${DIAGNOSTICS[code].hint} (/diagnostics/#${code})`;
}

/** The registry entry of a code. */
export function describeCode(code: DiagnosticCode): DiagnosticSpec {
  return DIAGNOSTICS[code];
}

/** The placeholder names of a form: `'rule {rule} after {before}'` → `'rule' | 'before'`. */
type Placeholders<S extends string> = S extends `${string}{${infer K}}${infer Rest}` ? K | Placeholders<Rest> : never;
type FormArgs<S extends string> = { readonly [K in Placeholders<S>]: string | number };
type Forms<C extends DiagnosticCode> = (typeof DIAGNOSTICS)[C]['message'];

/** What a call site gives for a code: a value per placeholder of its form, and `form` where it has several. */
export type DiagnosticArgs<C extends DiagnosticCode> = Forms<C> extends string
  ? FormArgs<Forms<C>>
  : { [F in keyof Forms<C> & string]: { readonly form: F } & FormArgs<Forms<C>[F] & string> }[keyof Forms<C> & string];

/** Where a finding is: the file, its 1-based line, the rule it concerns; `severity` if not the code's own. */
export interface DiagnosticLocation {
  file: string;
  line: number;
  rule?: string | undefined;
  severity?: Severity | undefined;
}

/** Every form of a code's message (one, or its named forms). */
export function messageForms(code: DiagnosticCode): string[] {
  const m: DiagnosticSpec['message'] = DIAGNOSTICS[code].message;
  return typeof m === 'string' ? [m] : Object.values(m);
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** The message of a code from its registered form and the call site's arguments. */
export function formatMessage<C extends DiagnosticCode>(code: C, args: DiagnosticArgs<C>): string {
  const m: DiagnosticSpec['message'] = DIAGNOSTICS[code].message;
  const values = args as unknown as Readonly<Record<string, string | number>>;
  const form = typeof m === 'string' ? m : m[String(values.form)];
  if (form === undefined) throw new Error(`diagnostic ${code} has no form ${String(values.form)} (src/model/diagnostics.ts)`);
  return form.replace(PLACEHOLDER, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`diagnostic ${code}: no value for {${name}} (src/model/diagnostics.ts)`);
    return String(v);
  });
}

/** Whether a message follows one of its code's forms (each placeholder stands for any text). */
export function matchesForm(code: DiagnosticCode, message: string): boolean {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return messageForms(code).some((form) => {
    const pattern = form.split(/(\{[A-Za-z]+\})/).map((part, i) => (i % 2 === 1 ? '[\\s\\S]*?' : escape(part))).join('');
    return new RegExp(`^${pattern}$`).test(message);
  });
}

/** One finding, its message written from the registered form. `severity` must be the code's own or one of its `alsoAs`. */
export function diagnostic<C extends DiagnosticCode>(code: C, args: DiagnosticArgs<C>, at: DiagnosticLocation): Diagnostic {
  const spec: DiagnosticSpec = DIAGNOSTICS[code];
  const severity = at.severity ?? spec.severity;
  if (severity !== spec.severity && !spec.alsoAs?.includes(severity)) {
    throw new Error(`diagnostic ${code} is registered as ${spec.severity}${spec.alsoAs ? ` or ${spec.alsoAs.join(', ')}` : ''}, not ${severity} (src/model/diagnostics.ts)`);
  }
  return { severity, file: at.file, line: at.line, code, message: formatMessage(code, args), ...(at.rule ? { rule: at.rule } : {}) };
}

/** Reports findings about one file into a list: `report(code, line, args, rule?, severity?)`. */
export type Report = <C extends DiagnosticCode>(code: C, line: number, args: DiagnosticArgs<C>, rule?: string, severity?: Severity) => void;

export function reporter(file: string, into: Diagnostic[]): Report {
  return (code, line, args, rule, severity) => {
    into.push(diagnostic(code, args, { file, line, rule, severity }));
  };
}
