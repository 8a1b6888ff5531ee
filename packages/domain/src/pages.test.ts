import { describe, expect, it } from 'vitest';
import { metricBySlug } from './metrics.ts';
import {
  ANALYSIS_FAMILIES,
  ANALYSIS_PAGES,
  analysisChartPath,
  analysisCsvPath,
  analysisPageByFamily,
  analysisPageByRoute,
  doctorItemName,
  orderSeries,
  pageMetrics,
  receptionCountItemName,
  timeSlotItemName,
  zipCodeItemName,
} from './pages.ts';
import { isRouteAllowed, route, ROUTES } from './routes.ts';

const labels = (routeName: string) =>
  pageMetrics(analysisPageByRoute(routeName)!).map((m) => m.label);

describe('analysis pages', () => {
  it('cover every family of DESIGN §7 once', () => {
    const families = ANALYSIS_PAGES.map((p) => p.family);
    expect(new Set(families).size).toBe(families.length);
    expect([...families].sort()).toEqual([...ANALYSIS_FAMILIES].sort());
  });

  it('are exactly the routes the route table marks as analysis pages', () => {
    const marked = ROUTES.filter((r) => 'analysisPage' in r && r.analysisPage).map((r) => r.name);
    expect(ANALYSIS_PAGES.map((p) => p.route).sort()).toEqual([...marked].sort());
  });

  it('map families to routes', () => {
    expect(analysisPageByFamily('pharmacy')?.route).toBe('DispensingPharmacy');
    expect(analysisPageByFamily('medicine_prepared_fee_add')?.route).toBe(
      'MedicinePreparedFeeAddition',
    );
    expect(analysisPageByFamily('pharmacy_management_fee_add')?.route).toBe(
      'PharmacyManagementFeeAddition',
    );
  });

  it.each([
    [
      'DispensingPharmacy',
      [
        '調剤売上',
        '処方箋枚数',
        '処方箋単価',
        '受付回数',
        '患者数',
        '患者単価',
        '処方箋集中率',
        '上位3医療機関集中率',
        '後発医薬品調剤割合',
        'お薬手帳持参率',
        '新規受付回数',
        '再来受付回数',
        '薬剤師1人あたり処方箋枚数',
      ],
    ],
    ['Timeslot', ['処方箋枚数']],
    ['Pharmacist', ['調剤売上', '処方箋枚数', '処方箋単価', '患者数']],
    ['DispensingFeeScore', ['調剤売上', '処方箋単価']],
    ['PharmacyManagementFee', ['調剤売上', '算定回数']],
    ['PharmacyManagementFeeAddition', ['調剤売上', '算定回数']],
    ['MedicinePreparedFeeAddition', ['調剤売上', '算定回数']],
    ['DispensingTechnicalFee', ['調剤売上']],
    ['MedicineFee', ['薬剤金額', '数量']],
    ['MedicalMaterialFee', ['調剤売上', '数量']],
    [
      'Clinic',
      ['調剤売上', '処方箋枚数', '処方箋単価', '受付回数', '患者数', '後発医薬品調剤割合'],
    ],
    ['Doctor', ['調剤売上', '処方箋枚数', '患者数', '後発医薬品調剤割合']],
    ['ClinicalDepartment', ['調剤売上', '処方箋枚数', '患者数', '後発医薬品調剤割合']],
    ['Gender', ['調剤売上', '処方箋枚数', '処方箋単価', '患者数', '後発医薬品調剤割合']],
    ['Age', ['調剤売上', '処方箋枚数', '処方箋単価', '患者数', '後発医薬品調剤割合']],
    ['ReceptionType', ['調剤売上', '処方箋枚数', '処方箋単価', '患者数', '後発医薬品調剤割合']],
    ['InsuranceType', ['調剤売上', '処方箋枚数', '処方箋単価', '患者数', '後発医薬品調剤割合']],
    ['ReceptionCount', ['調剤売上', '処方箋枚数', '処方箋単価']],
    ['Address', ['調剤売上', '処方箋枚数', '処方箋単価', '患者数']],
  ])('%s offers %j', (routeName, expected) => {
    expect(labels(routeName)).toEqual(expected);
  });

  it.each([
    ['DispensingPharmacy', '調剤売上'],
    ['DispensingFeeScore', '調剤売上'],
    ['DispensingTechnicalFee', '調剤売上'],
    ['PharmacyManagementFee', '算定回数'],
    ['PharmacyManagementFeeAddition', '算定回数'],
    ['MedicinePreparedFeeAddition', '算定回数'],
    ['MedicineFee', '数量'],
    ['MedicalMaterialFee', '数量'],
    ['Timeslot', '処方箋枚数'],
    ['Clinic', '処方箋枚数'],
    ['Age', '処方箋枚数'],
    ['Address', '処方箋枚数'],
  ])('%s starts on %s', (routeName, label) => {
    const page = analysisPageByRoute(routeName)!;
    expect(metricBySlug(page.defaultMetric)?.label).toBe(label);
  });

  it('start on a metric of their list that every plan opening the page may use', () => {
    for (const page of ANALYSIS_PAGES) {
      expect(page.metrics).toContain(page.defaultMetric);
      const metric = metricBySlug(page.defaultMetric)!;
      for (const plan of ['free', 'basic', 'advanced'] as const) {
        if (isRouteAllowed(route(page.route), plan, 'admin')) {
          expect(metric.activePlans).toContain(plan);
        }
      }
    }
  });

  it('build chart and CSV paths of family and metric slug', () => {
    expect(analysisChartPath('medicine_fee', 'counts')).toBe('/v3/medicine_fee/counts');
    expect(analysisChartPath('timeslot', 'prescription_counts', 'v2')).toBe(
      '/v2/timeslot/prescription_counts',
    );
    expect(analysisCsvPath('clinic', 'dispensing_sales')).toBe('/v3/csv/clinic/dispensing_sales');
  });
});

describe('breakdown item names', () => {
  it('name reception counts up to the cap, and order them numerically', () => {
    const names = [12, 1, 10, 2, 9].map(receptionCountItemName);
    expect(names).toEqual(['10回以上', '1回', '10回以上', '2回', '9回']);
    const series = names.map((name, i) => ({ key: String(i), name, total: i }));
    expect(orderSeries('receptionCount', series).map((s) => s.name)).toEqual([
      '1回',
      '2回',
      '9回',
      '10回以上',
      '10回以上',
    ]);
  });

  it('name time slots, zip codes and doctors as the pages show them', () => {
    expect(timeSlotItemName('09')).toBe('09時台');
    expect(zipCodeItemName('8120011')).toBe('〒812-0011');
    expect(doctorItemName('加藤 正', 'ひまわり内科')).toBe('加藤 正（ひまわり内科）');
  });
});
