/** Placeholder until the ko-jekyll-html reader lands: reads the document as plain numbered lines. */
import type { ReaderOutput } from '../blocks.ts';
import { readEnglishText } from './en-text.ts';

export function readKoreanJekyllHtml(text: string, file: string): ReaderOutput {
  return { ...readEnglishText(text, file), lang: 'ko', format: 'ko-jekyll-html' };
}
