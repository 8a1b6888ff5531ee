import Box from '@mui/material/Box';
import {
  analysisChartPath,
  analysisExportFileName,
  analysisPageByRoute,
  memberCan,
  periodBuckets,
  PRODUCT_NAME,
  route,
  type AnalysisPageDef,
  type RouteName,
} from '@pharmalytics/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import {
  loggingFailures,
  isDevApiEnabled,
  subscribeDevApi,
  type Member,
  type Store,
} from '../../../api/index.ts';
import { PageHeading } from '../../../components/index.ts';
import { useSignedInMember } from '../../session/index.ts';
import {
  ConditionBar,
  conditionKey,
  PeriodControl,
  PickerProvider,
  queriedStoreCodes,
  StoresControl,
  StoresGate,
  analysisUrlScope,
  useConditionStores,
  useConditionUrl,
} from '../../search-condition/index.ts';
import { AddressPopup } from './AddressPopup.tsx';
import { analysisKeys, analysisQuery, downloadAnalysisXlsx, fetchAnalysis } from './api.ts';
import { ComparisonSelect } from './ComparisonSelect.tsx';
import { CsvButtons } from './CsvButtons.tsx';
import { XlsxButton } from '../../exports/index.ts';
import { FilterControl } from './FilterDialog.tsx';
import { MetricSelect } from './MetricSelect.tsx';
import { chosenMetric, metricOptions } from './metricChoice.ts';
import { AnalysisPanels, type AnalysisPanelsState } from './panels/index.ts';
import { SortMenu } from './SortMenu.tsx';

/** Answers are cached by condition: going back to a metric or period redraws at once. */
const CHART_STALE_MS = 30_000;

/** The shared analysis page of one dimension (spec 02 §2.2), driven by its row of the page table. */
/** The analysis page of a route the route table marks as one (its row of ANALYSIS_PAGES). */
export function AnalysisRoutePage({ route: name }: { route: RouteName }) {
  return <AnalysisPage page={analysisPageByRoute(name)!} />;
}

export function AnalysisPage({ page }: { page: AnalysisPageDef }) {
  const member = useSignedInMember();
  const title = route(page.route).title ?? PRODUCT_NAME;
  const headingId = `analysis-heading-${page.family}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <PageHeading id={headingId} title={title} />
      <PickerProvider>
        <StoresGate>
          {(stores) => (
            <Analysis
              key={`${conditionKey(member)}:${page.route}`}
              page={page}
              title={title}
              member={member}
              stores={stores}
            />
          )}
        </StoresGate>
      </PickerProvider>
    </Box>
  );
}

const loadSeries = (...args: Parameters<typeof fetchAnalysis>) =>
  loggingFailures(fetchAnalysis(...args));

function Analysis({
  page,
  title,
  member,
  stores,
}: {
  page: AnalysisPageDef;
  title: string;
  member: Member;
  stores: readonly Store[];
}) {
  const { active, activeCodes, tree } = useConditionStores(member, stores);
  const { condition, update, today, plan } = useConditionUrl(
    member,
    activeCodes,
    analysisUrlScope(page),
  );
  const devApi = useSyncExternalStore(subscribeDevApi, isDevApiEnabled, isDevApiEnabled);
  const metric = chosenMetric(page, condition.metrics, plan);
  const query = analysisQuery(page, condition, queriedStoreCodes(condition, activeCodes));
  const result = useQuery({
    queryKey: analysisKeys.chart(analysisChartPath(page.family, metric.slug), query, devApi),
    queryFn: ({ signal }) => loadSeries(page, metric.slug, query, signal),
    staleTime: CHART_STALE_MS,
  });
  const buckets = useMemo(
    () => periodBuckets(condition.base, condition.timeAxis),
    [condition.base, condition.timeAxis],
  );

  let state: AnalysisPanelsState;
  if (result.isPending || (result.isError && result.isFetching)) state = { status: 'pending' };
  else if (result.isError) state = { status: 'error', retry: () => void result.refetch() };
  else state = { status: 'success', series: result.data };

  return (
    <>
      <ConditionBar>
        <PeriodControl
          condition={condition}
          comparison={false}
          plan={plan}
          today={today}
          onApply={(period) => update((current) => ({ ...current, ...period }))}
        />
        <StoresControl
          pharmacy={condition.pharmacy}
          stores={active}
          tree={tree}
          onApply={(pharmacy) => update((current) => ({ ...current, pharmacy }))}
        />
        <ComparisonSelect
          value={condition.analysisComparison}
          onChange={(analysisComparison) =>
            update((current) => ({ ...current, analysisComparison }))
          }
        />
        <MetricSelect
          options={metricOptions(page, plan)}
          value={metric}
          onChange={(slug) =>
            update((current) => ({
              ...current,
              metrics: { ...current.metrics, [page.family]: slug },
            }))
          }
        />
        <FilterControl
          applied={condition.filters}
          onApply={(filters) => update((current) => ({ ...current, filters }))}
        />
        {page.order === 'ageGroup' && (
          <SortMenu
            value={condition.sortOrder}
            onChange={(sortOrder) => update((current) => ({ ...current, sortOrder }))}
          />
        )}
        {page.breakdown === 'address' && (
          <AddressPopup
            applied={condition.address}
            onApply={(address) => update((current) => ({ ...current, address }))}
          />
        )}
        {memberCan(member, 'exportTables') && (
          <Box sx={{ ml: 'auto', display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <CsvButtons
              page={page}
              metric={metric.slug}
              query={query}
              fallbackName={analysisExportFileName(title, metric.label, condition.base, 'csv')}
            />
            <XlsxButton
              fallbackName={analysisExportFileName(title, metric.label, condition.base, 'xlsx')}
              fetchFile={() => downloadAnalysisXlsx(page, metric.slug, query)}
            />
          </Box>
        )}
      </ConditionBar>
      <AnalysisPanels
        page={page}
        metric={metric}
        axis={condition.timeAxis}
        buckets={buckets}
        comparison={condition.analysisComparison !== null}
        state={state}
      />
    </>
  );
}
