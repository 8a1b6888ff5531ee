import { ANALYSIS_PAGES, DASHBOARD_METRIC_SLUGS } from '@pharmalytics/domain';

/** A period of whole months and the stores asked about. */
export interface TourScope {
  from: string;
  to: string;
  storeCodes: readonly string[];
}

/**
 * Every reader's answer of one corporation's data as GET paths: the dashboard, the scorecard, the
 * store list, every analysis page and metric (the /v3 engine and its /v2 twin over the system of
 * record), the maps and the 施設基準 measures. The Citus statement check runs them, and the database comparison
 * (bench/compare-databases.ts) asks them of two servers.
 */
export function answerTour({ from, to, storeCodes }: TourScope): string[] {
  const stores = storeCodes.join(',');
  const period = `from=${from}&to=${to}`;
  const analysis = `${period}&periodCode=2&storeCodes=${stores}`;
  const [fromMonth, toMonth] = [from.slice(0, 7), to.slice(0, 7)];
  return [
    ...DASHBOARD_METRIC_SLUGS.map(
      (m) =>
        `/v3/dashboard/${m}?baseFrom=${from}&baseTo=${to}&comparisonTargetFrom=${from}` +
        `&comparisonTargetTo=${to}&periodCode=2&storeCodes=${stores}`,
    ),
    `/v3/scorecard?${period}&comparisonFrom=${from}&comparisonTo=${to}&storeCodes=${stores}`,
    '/v3/branches',
    '/v3/medical_institutions',
    ...ANALYSIS_PAGES.flatMap((page) =>
      page.metrics.flatMap((metric) => [
        `/v3/${page.family}/${metric}?${analysis}`,
        `/v2/${page.family}/${metric}?${analysis}`,
      ]),
    ),
    ...storeCodes.flatMap((store) => [
      `/v3/market_share/?${period}&store_code=${store}`,
      `/v2/market_share/market_share/?${period}&store_code=${store}`,
    ]),
    `/v3/patient_distribution?${period}&storeCodes=${stores}`,
    `/v2/address/patient_distribution?${period}&storeCodes=${stores}`,
    `/v3/estimate_count/?${period}&mesh_code=503033023`,
    '/v3/facility_masters?type=clinic&north_east_lat=33.6&north_east_lng=130.42&south_west_lat=33.58&south_west_lng=130.39',
    `/v3/facility_standards/measures?fromMonth=${fromMonth}&toMonth=${toMonth}&storeCodes=${stores}`,
    `/v3/facility_standards/group_totals?fromMonth=${fromMonth}&toMonth=${toMonth}`,
    `/v3/facility_standards/judgements?storeCodes=${stores}`,
    '/v3/facility_standards/buildings',
    '/v3/facility_standards/outside_stores',
    '/v3/facility_standards/store_facts',
    '/v3/facility_standards/alerts',
  ];
}
