import {
  analysisPageByRoute,
  timeAxis,
  validatePeriod,
  type ScorecardKpi,
  type RouteName,
} from '@pharmalytics/domain';
import { appPath } from '../../../routes/paths.ts';
import {
  analysisUrlScope,
  conditionToParams,
  type SearchCondition,
} from '../../search-condition/index.ts';

/** Where a cell of the scorecard leads, and the condition the page opens with. */
export interface AnalysisTarget {
  route: RouteName;
  /** The router path of the page. */
  path: string;
  /** The search condition the page is to show: the store, the scorecard's period, the metric. */
  condition: (current: SearchCondition) => SearchCondition;
  /** The page's address with that condition in its query: the link of the cell. */
  href: (current: SearchCondition) => string;
}

/**
 * The analysis page a KPI names, for one store (or, from the 全店舗 row, the scorecard's stores)
 * over the scorecard's period, as the address of the page showing it.
 */
export function analysisTarget(kpi: ScorecardKpi, storeCode: string): AnalysisTarget {
  const { route, metric } = kpi.opens;
  const page = analysisPageByRoute(route)!;
  const { family } = page;
  const path = appPath(route);
  const condition = (current: SearchCondition): SearchCondition => {
    const { preset, base, comparisonType } = current.scorecard;
    // A long period is past the daily axis' limit: the page then shows months (or years).
    const axis =
      [current.timeAxis, timeAxis('monthly').value].find(
        (value) => !validatePeriod(base, { timeAxis: value }).form,
      ) ?? timeAxis('yearly').value;
    return {
      ...current,
      preset,
      base: { ...base },
      comparisonType,
      timeAxis: axis,
      pharmacy: storeCode === '' ? current.pharmacy : { isAll: false, storeCodes: [storeCode] },
      metrics: { ...current.metrics, [family]: metric },
    };
  };
  return {
    route,
    path,
    condition,
    href: (current) =>
      `${path}?${conditionToParams(condition(current), analysisUrlScope(page)).toString()}`,
  };
}
