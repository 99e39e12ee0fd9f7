/**
 * Editions whose file name carries another date than the document (src/site/file-dates.ts): both dates lead to the
 * edition, on the command line too.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { ROOT } from '../helpers.ts';
import { fileDateAliases, fileDateNote, fileDates, fileNameDate } from '../../src/site/file-dates.ts';
import type { Manifest } from '../../src/pipeline/sources.ts';

describe('file-name dates', () => {
  it('reads the date of a rules file name, encoded or not', () => {
    expect(fileNameDate('https://media.wizards.com/2017/downloads/MagicCompRules_20170119.txt')).toBe('2017-01-19');
    expect(fileNameDate('https://media.wizards.com/2021/downloads/MagicCompRules%2020210224.txt')).toBe('2021-02-24');
    expect(fileNameDate('en-archive/2024-08-02.txt')).toBe('2024-08-02');
    expect(fileNameDate('https://example.org/rules.txt')).toBeNull();
  });

  it('maps the 17 English file-name dates of the manifest to the dates the documents state', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'content/manifest.json'), 'utf8')) as Manifest;
    const sources = manifest.sources.map((s) => ({ lang: s.lang, edition: s.edition, location: s.mirror ?? s.file ?? s.id, ...(s.url ? { url: s.url } : {}) }));
    // Derived by hand: the date in each of the 84 original file names (SOURCES.tsv, original_url) against the
    // "These rules are effective as of …" line of the same file (read with grep); 2009-10-01 is stated in a file
    // Wizards named MagicCompRules_20091005.txt. The Japanese and Korean sources have no dated file names that differ.
    expect(fileDateAliases(sources)).toEqual({
      en: {
        '2009-10-05': '2009-10-01', '2013-04-29': '2013-05-01', '2013-07-11': '2013-07-13', '2014-09-26': '2014-09-25',
        '2017-01-19': '2017-01-20', '2017-07-07': '2017-07-08', '2017-09-25': '2017-09-29', '2019-06-12': '2019-06-14',
        '2020-01-22': '2020-01-24', '2021-02-02': '2021-02-05', '2021-02-24': '2021-02-15', '2021-04-19': '2021-04-22',
        '2021-06-09': '2021-06-18', '2021-07-12': '2021-07-23', '2021-11-15': '2021-11-19', '2024-02-06': '2024-02-02',
        '2024-08-02': '2024-07-30',
      },
    });
  });

  it('holds both directions: file-name date → stated edition and back', () => {
    const sources = [
      { lang: 'en', edition: '2017-01-20', location: 'x', url: 'https://media.wizards.com/2017/downloads/MagicCompRules_20170119.txt' },
      { lang: 'en', edition: '2019-06-14', location: 'en-archive/MagicCompRules 20190612.txt' },
      // Its file date is its edition: no alias.
      { lang: 'en', edition: '2024-08-02', location: 'en-archive/2024-08-02.txt' },
    ];
    expect(fileDates(sources)).toEqual({
      toStated: { en: { '2017-01-19': '2017-01-20', '2019-06-12': '2019-06-14' } },
      toFile: { en: { '2017-01-20': '2017-01-19', '2019-06-14': '2019-06-12' } },
    });
  });

  it('the arrival note is locale data in the three languages; another language reads English', () => {
    expect(fileDateNote('en', '2017-01-19', '2017-01-20')).toBe(
      '2017-01-19 is the date in the file name of the Comprehensive Rules effective 2017-01-20, the date the document itself states; the site names that edition 2017-01-20.',
    );
    expect(fileDateNote('ja', '2017-01-19', '2017-01-20')).toBe('2017-01-19 は、2017-01-20 発効の総合ルールのファイル名にある日付です。このサイトでは、文書自体が示す日付に従ってその版を 2017-01-20 版と呼びます。');
    expect(fileDateNote('ko', '2017-01-19', '2017-01-20')).toBe('2017-01-19은(는) 2017-01-20부터 시행되는 종합 규칙의 파일 이름에 있는 날짜입니다. 이 사이트는 문서 자체가 밝히는 날짜에 따라 그 판을 2017-01-20 판이라고 부릅니다.');
    expect(fileDateNote('fr', '2017-01-19', '2017-01-20')).toBe(fileDateNote('en', '2017-01-19', '2017-01-20'));
  });
});

needs(SHARED).describe('file-name dates on the command line', () => {
  it('cr history --edition 2017-01-19 reads the edition effective 2017-01-20 and says so', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/cr.ts', 'history', '702.19b', '--edition', '2017-01-19', '--json'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ number: '702.19b', edition: '2017-01-20' });
    expect(r.stderr).toContain('2017-01-19 is the date in the file name of the Comprehensive Rules effective 2017-01-20');
  });
});
