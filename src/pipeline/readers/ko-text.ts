/** Placeholder until the ko-text reader lands: reads the document as plain numbered lines. */
import type { ReaderOutput } from '../blocks.ts';
import { readEnglishText } from './en-text.ts';

export function readKoreanText(text: string, file: string): ReaderOutput {
  return { ...readEnglishText(text, file), lang: 'ko', format: 'ko-text' };
}
