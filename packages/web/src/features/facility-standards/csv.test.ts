import { csvNumber } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { facilityCsv, facilityCsvRows } from './csv.ts';
import { storeJudgement } from './judgement.fixture.ts';

describe('facilityCsvRows', () => {
  it('writes a row per store and month, projected months marked, rates with one decimal', () => {
    const rows = facilityCsvRows([storeJudgement(), storeJudgement({ storeCode: '1002' })]);
    expect(rows).toHaveLength(48);
    expect(rows[0]).toEqual([
      '1001',
      '天神店',
      '2025年5月',
      '実績',
      ...['1900', '84.2', '94.7', '88.0', '70.3'].map(csvNumber),
    ]);
    expect(rows[18]?.slice(2, 4)).toEqual(['2026年11月', '見込み']);
    expect(rows[24]?.[0]).toBe('1002');
  });

  it('leaves a month without figures empty', () => {
    const store = storeJudgement();
    store.months[0] = { ...store.months[0]!, standardReceptions: null, concentrationRate: null };
    expect(facilityCsvRows([store])[0]?.slice(4, 6)).toEqual([csvNumber(''), csvNumber('')]);
  });
});

describe('facilityCsv', () => {
  it('starts with a BOM and the header, lines ending in CRLF', () => {
    const text = facilityCsv([storeJudgement()]);
    expect(text.startsWith('\uFEFF"店舗ID","店舗名","月","区分","施設基準受付回数"')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(26);
    // Text quoted, figures bare so that a spreadsheet reads numbers.
    expect(text.split('\r\n')[1]).toBe(
      '"1001","天神店","2025年5月","実績",1900,84.2,94.7,88.0,70.3',
    );
  });
});
