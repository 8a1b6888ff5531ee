import { describe, expect, it } from 'vitest';
import { planFeatures } from './planFeatures.ts';

describe('planFeatures', () => {
  it('lists the free screens as added on the free plan', () => {
    const free = planFeatures('free');
    expect(free.screens).toContain('調剤薬局');
    expect(free.screens).not.toContain('ダッシュボード');
    expect(free.added).toEqual(free.screens);
  });

  it('adds the dashboard and patient screens on basic', () => {
    const basic = planFeatures('basic');
    expect(basic.added).toEqual(
      expect.arrayContaining(['ダッシュボード', '性別', '年齢', '受付区分', '受付回数']),
    );
    expect(basic.added).not.toContain('調剤薬局');
  });

  it('opens every analysis screen on advanced', () => {
    const advanced = planFeatures('advanced');
    expect(advanced.screens.length).toBeGreaterThan(planFeatures('basic').screens.length);
    expect(advanced.added).toEqual(expect.arrayContaining(['薬剤師', '患者獲得率分布マップ']));
  });

  it('gives CSV, Excel and the PDF report from basic on, and free none', () => {
    expect(planFeatures('free').addedExports).toEqual([]);
    expect(planFeatures('basic').addedExports).toEqual([
      'CSV・Excel出力（開ける画面の表）',
      'PDFレポート（ダッシュボード、月次レポートメールに添付）',
    ]);
    expect(planFeatures('advanced').addedExports).toEqual([]);
  });
});
