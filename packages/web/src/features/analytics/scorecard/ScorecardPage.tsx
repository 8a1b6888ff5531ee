import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  exportFileName,
  memberCan,
  CLOSED_MONTH_PRESET_TEXT,
  comparisonRange,
  durationPreset,
  MESSAGES,
  periodText,
  type ScorecardResponse,
} from '@pharmalytics/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loggingFailures, type Member, type Store } from '../../../api/index.ts';
import { routeTitle } from '../../../routes/paths.ts';
import { PageHeading } from '../../../components/index.ts';
import { useSignedInMember } from '../../session/index.ts';
import {
  ComparisonPeriodText,
  ConditionBar,
  conditionKey,
  PeriodControl,
  PickerProvider,
  queriedStoreCodes,
  StoresControl,
  StoresGate,
  useConditionStores,
  SCORECARD_URL_SCOPE,
  useConditionUrl,
  type PresetTexts,
} from '../../search-condition/index.ts';
import { downloadScorecardXlsx, XlsxButton } from '../../exports/index.ts';
import { fetchScorecard, scorecardKeys, scorecardQuery } from './api.ts';
import { ScorecardTable } from './ScorecardTable.tsx';
import {
  hasIncompleteComparison,
  isEmptyScorecard,
  nextSort,
  sortFromParam,
  sortToParam,
  SORT_PARAM,
  type ScorecardSort,
} from './table.ts';

/** Answers are cached by condition: going back to a period redraws at once. */
const SCORECARD_STALE_MS = 30_000;

/** 先月 is a closed month here: the scorecard names it so. */
const PRESET_TEXTS: PresetTexts = { [durationPreset('lastMonth').value]: CLOSED_MONTH_PRESET_TEXT };

/** The StoreScorecard route: every store's KPIs of a period against a comparison, side by side. */
export function ScorecardPage() {
  const member = useSignedInMember();
  return (
    <Box component="section" aria-labelledby="scorecard-heading">
      <PageHeading id="scorecard-heading" title={routeTitle('StoreScorecard')} />
      <PickerProvider>
        <StoresGate>
          {(stores) => <Scorecard key={conditionKey(member)} member={member} stores={stores} />}
        </StoresGate>
      </PickerProvider>
    </Box>
  );
}

const loadScorecard = (...args: Parameters<typeof fetchScorecard>) =>
  loggingFailures(fetchScorecard(...args));

function Scorecard({ member, stores }: { member: Member; stores: readonly Store[] }) {
  const { t } = useTranslation();
  const comparisonId = useId();
  const { active, activeCodes, tree } = useConditionStores(member, stores);
  const { condition, update, today, plan } = useConditionUrl(
    member,
    activeCodes,
    SCORECARD_URL_SCOPE,
  );
  const [params, setParams] = useSearchParams();
  const sort = sortFromParam(params.get(SORT_PARAM));
  // The address as it is now, not as this page last rendered it: a condition just applied may
  // have been written to it since, and the sort must not bring the old one back.
  const setSort = (next: ScorecardSort) => {
    const current = new URLSearchParams(window.location.search);
    current.set(SORT_PARAM, sortToParam(next));
    setParams(current, { replace: true });
  };
  const { scorecard } = condition;
  const comparison = comparisonRange(scorecard.base, scorecard.comparisonType);
  const query = scorecardQuery(scorecard, queriedStoreCodes(condition, activeCodes));
  const result = useQuery({
    queryKey: scorecardKeys.table(query),
    queryFn: ({ signal }) => loadScorecard(query, signal),
    staleTime: SCORECARD_STALE_MS,
  });

  return (
    <>
      <ConditionBar>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <PeriodControl
            condition={{ ...scorecard, timeAxis: condition.timeAxis }}
            comparison
            withTimeAxis={false}
            presetTexts={PRESET_TEXTS}
            plan={plan}
            today={today}
            describedBy={comparisonId}
            onApply={({ preset, base, comparisonType }) =>
              update((current) => ({ ...current, scorecard: { preset, base, comparisonType } }))
            }
          />
          <ComparisonPeriodText
            id={comparisonId}
            testId="scorecard-comparison"
            period={comparison}
          />
        </Box>
        <StoresControl
          pharmacy={condition.pharmacy}
          stores={active}
          tree={tree}
          onApply={(pharmacy) => update((current) => ({ ...current, pharmacy }))}
        />
        {memberCan(member, 'exportTables') && (
          <Box sx={{ ml: 'auto' }}>
            <XlsxButton
              fallbackName={exportFileName([routeTitle('StoreScorecard')], query, 'xlsx')}
              fetchFile={() => downloadScorecardXlsx(query)}
            />
          </Box>
        )}
      </ConditionBar>
      {result.isPending || (result.isError && result.isFetching) ? (
        <Box sx={{ py: 8, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : result.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void result.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('scorecard.loadFailed')}
        </Alert>
      ) : (
        <ScorecardContent
          response={result.data}
          sort={sort}
          onSort={(column) => setSort(nextSort(sort, column))}
          label={t('scorecard.tableLabel', {
            period: periodText(scorecard.base),
            comparison: periodText(comparison),
          })}
          hrefOf={(target) => target.href(condition)}
        />
      )}
    </>
  );
}

function ScorecardContent({
  response,
  ...table
}: { response: ScorecardResponse } & Omit<Parameters<typeof ScorecardTable>[0], 'response'>) {
  if (isEmptyScorecard(response)) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {MESSAGES.noData}
      </Typography>
    );
  }
  return (
    <>
      {hasIncompleteComparison(response) && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="scorecard-incomplete">
          {MESSAGES.comparisonIncomplete}
        </Alert>
      )}
      <ScorecardTable response={response} {...table} />
    </>
  );
}
