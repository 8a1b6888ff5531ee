export {
  analysisComparisonOf,
  comparisonOf,
  defaultCondition,
  NO_FILTERS,
  queriedStoreCodes,
  type ConditionFilters,
  type MarketShareCondition,
  type PeriodCondition,
  type ScorecardCondition,
  type SearchCondition,
} from './condition.ts';
export {
  ComparisonPeriodText,
  ConditionBar,
  PeriodControl,
  PickerProvider,
  StoresControl,
} from './ConditionControls.tsx';
export { fromPickerDate, toPickerDate } from './dates.ts';
export { StoresGate } from './StoresGate.tsx';
export {
  analysisUrlScope,
  conditionToParams,
  DASHBOARD_URL_SCOPE,
  SCORECARD_URL_SCOPE,
  type ConditionUrlScope,
} from './conditionUrl.ts';
export { useConditionUrl } from './useConditionUrl.ts';
export { conditionKey, useConditionStores, useSearchCondition } from './useSearchCondition.ts';
export { openOnLongView } from './longView.ts';
export { presetText, type PresetTexts } from './presetText.ts';
