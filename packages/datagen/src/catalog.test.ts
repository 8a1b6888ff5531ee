import { FEE_CATEGORIES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import {
  DEMO_FEES,
  DEMO_MATERIALS,
  DEMO_MEDICINES,
  demoFeeOn,
  demoFeePoints,
  isValidYjCode,
  productChoices,
  revisionOn,
  yjCheckDigit,
} from './catalog.ts';

describe('YJ codes', () => {
  it('computes the check digit of real codes', () => {
    for (const code of [
      '2171022F1029',
      '1149019F1706',
      '4490023F1270',
      '2259707S1209',
      '1115400X1027',
      '2325003B2029',
      '2646730M1059',
      '2456001F1310',
    ]) {
      expect(yjCheckDigit(code.slice(0, 11))).toBe(code[11]);
    }
    expect(isValidYjCode('2171022F1028')).toBe(false);
  });
});

describe('DEMO_MEDICINES', () => {
  it('has well-formed, unique codes', () => {
    expect(DEMO_MEDICINES.length).toBeGreaterThanOrEqual(80);
    for (const m of DEMO_MEDICINES) {
      expect(isValidYjCode(m.yjCode), m.name).toBe(true);
      expect(m.receiptCode).toMatch(/^6\d{8}$/);
      expect(m.price).toBeGreaterThan(0);
      expect(['錠', 'カプセル', 'g', 'mL', '枚', '個', 'キット']).toContain(m.unit);
    }
    expect(new Set(DEMO_MEDICINES.map((m) => m.yjCode)).size).toBe(DEMO_MEDICINES.length);
    expect(new Set(DEMO_MEDICINES.map((m) => m.receiptCode)).size).toBe(DEMO_MEDICINES.length);
    expect(new Set(DEMO_MEDICINES.map((m) => m.name)).size).toBe(DEMO_MEDICINES.length);
  });

  it('links every generic to its brand', () => {
    const byYj = new Map(DEMO_MEDICINES.map((m) => [m.yjCode, m]));
    for (const m of DEMO_MEDICINES) {
      if (m.genericClass !== 3) {
        expect(m.brandOf).toBeUndefined();
        continue;
      }
      const brand = byYj.get(m.brandOf!);
      expect(brand?.genericClass, m.name).toBe(2);
      expect(brand?.ingredient).toBe(m.ingredient);
      expect(m.price).toBeLessThanOrEqual(brand!.price);
    }
    const amlodipine = productChoices('amlodipine');
    expect(amlodipine.brand?.name).toBe('ノルバスク錠5mg');
    expect(amlodipine.generics.map((g) => g.name)).toContain('アムロジピン錠5mg「サワイ」');
    expect(productChoices('apixaban').only?.genericClass).toBe(1);
  });

  it('has the materials in the receipt format', () => {
    for (const m of DEMO_MATERIALS) expect(m.code).toMatch(/^7\d{8}$/);
  });
});

describe('DEMO_FEES', () => {
  it('uses receipt fee codes and the domain categories', () => {
    for (const fee of DEMO_FEES) {
      expect(fee.code).toMatch(/^4\d{8}$/);
      expect(FEE_CATEGORIES).toContain(fee.category);
      expect(fee.points !== null || fee.percent !== undefined).toBe(true);
    }
  });

  it('picks the revision by dispensing date', () => {
    expect(revisionOn('2026-05-31')).toBe('R6');
    expect(revisionOn('2026-06-01')).toBe('R8');
  });

  it('has the R6 and R8 points of dispensing-domain.md §1', () => {
    const r6 = '2025-05-15';
    const r8 = '2026-06-15';
    expect(demoFeePoints('basic1', r6)).toBe(45);
    expect(demoFeePoints('basic1', r8)).toBe(47);
    expect(demoFeePoints('regional1', r6)).toBe(32);
    expect(demoFeePoints('regional2', r6)).toBe(40);
    expect(demoFeePoints('regional1', r8)).toBeUndefined();
    expect([1, 2, 3].map((n) => demoFeePoints(`generic${n}`, r6))).toEqual([21, 28, 30]);
    expect(demoFeePoints('generic3', r8)).toBeUndefined();
    expect([1, 2, 3].map((n) => demoFeePoints(`supply${n}`, r8))).toEqual([27, 59, 67]);
    expect(demoFeePoints('supply1', r6)).toBeUndefined();
    expect(demoFeePoints('cooperation', r6)).toBe(5);
    expect(demoFeePoints('homeSystem1', r6)).toBe(15);
    expect(demoFeePoints('homeSystem1', r8)).toBe(30);
    expect(demoFeePoints('baseUp', r8)).toBe(4);
    expect(demoFeePoints('priceSupport', r8)).toBe(1);
    expect(demoFeePoints('baseUp', r6)).toBeUndefined();
    for (const date of [r6, r8]) {
      expect(demoFeePoints('prepOral', date)).toBe(24);
      expect(demoFeePoints('prepAsNeeded', date)).toBe(21);
      expect(demoFeePoints('prepInjection', date)).toBe(26);
      expect(demoFeePoints('prepExternal', date)).toBe(10);
      expect(demoFeePoints('psychotropic', date)).toBe(8);
      expect(demoFeePoints('nightHoliday', date)).toBe(40);
      expect(demoFeePoints('support1', date)).toBe(185);
      expect(demoFeePoints('support2', date)).toBe(34);
      expect(demoFeePoints('support2Long', date)).toBe(240);
      expect(demoFeePoints('homeVisit1', date)).toBe(650);
      expect(demoFeePoints('homeVisit2', date)).toBe(320);
      expect(demoFeePoints('homeVisit10', date)).toBe(290);
      expect(demoFeePoints('guidance1', date)).toBe(45);
      expect(demoFeePoints('guidance2', date)).toBe(59);
      expect(demoFeePoints('infant', date)).toBe(12);
    }
    expect(
      ['mgmtOral7', 'mgmtOral14', 'mgmtOral28', 'mgmtOral29'].map((k) => demoFeePoints(k, r6)),
    ).toEqual([4, 28, 50, 60]);
    expect(demoFeePoints('mgmtOral28', r8)).toBeUndefined();
    expect(demoFeePoints('mgmtOralLong', r8)).toBe(60);
    expect(demoFeePoints('mgmtOralShort', r8)).toBe(10);
    expect(demoFeePoints('mgmtOther', r6)).toBe(4);
    expect(demoFeePoints('mgmtOther', r8)).toBe(10);
    expect(demoFeePoints('primary', r6)).toBe(76);
    expect(demoFeePoints('primary', r8)).toBeUndefined();
    expect(demoFeeOn('guidance1', r8)?.name).toBe('服薬管理指導料１ロ');
    expect(demoFeeOn('afterHours', r6)?.percent).toBe(100);
  });

  it('follows the 医療DX推進体制整備加算 periods', () => {
    expect(demoFeePoints('dx1', '2024-05-31')).toBeUndefined();
    expect(demoFeePoints('dx1', '2024-06-01')).toBe(4);
    expect(demoFeePoints('dx3', '2024-09-30')).toBe(4);
    expect([1, 2, 3].map((n) => demoFeePoints(`dx${n}`, '2024-10-01'))).toEqual([7, 6, 4]);
    expect([1, 2, 3].map((n) => demoFeePoints(`dx${n}`, '2025-04-01'))).toEqual([10, 8, 6]);
    expect([1, 2, 3].map((n) => demoFeePoints(`dx${n}`, '2026-05-31'))).toEqual([10, 8, 6]);
    expect(demoFeeOn('dx2', '2026-06-01')?.name).toBe('電子的調剤情報連携体制整備加算');
    expect(demoFeePoints('dx2', '2026-06-01')).toBe(8);
  });

  it('bills dates before R6 with R6 points, except items R6 introduced', () => {
    expect(demoFeePoints('basic1', '2024-03-01')).toBe(45);
    expect(demoFeePoints('dx1', '2024-03-01')).toBeUndefined();
  });
});
