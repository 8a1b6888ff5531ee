import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  FACILITY_STANDARDS_LABELS as L,
  judgementPeriodText,
  type FacilityJudgementsResponse,
  type StoreJudgementWire,
} from '@pharmalytics/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { facilityStandardsKeys, fetchRules } from './api.ts';
import { monthsByPeriod, ruleLists, storeCardModel, type Viewer } from './model.ts';
import { MonthTable } from './MonthTable.tsx';
import { ProjectionChart } from './ProjectionChart.tsx';
import { receptionThresholds } from './projectionChartOption.ts';
import { RuleList } from './RuleList.tsx';
import { useSettingsAllowed } from './SettingsLink.tsx';
import { StoreCard } from './StoreCard.tsx';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** One store: its card, the months of both periods, the projection chart and every rule. */
export function StoreDetail({
  store,
  response,
  viewer,
  onBack,
}: {
  store: StoreJudgementWire;
  response: FacilityJudgementsResponse;
  viewer: Viewer;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rules = useQuery({
    queryKey: facilityStandardsKeys.rules,
    queryFn: ({ signal }) => fetchRules(signal),
  });
  const card = useMemo(() => storeCardModel(store, viewer), [store, viewer]);
  const months = useMemo(
    () =>
      monthsByPeriod(store.months, {
        previous: response.previousPeriod,
        current: response.currentPeriod,
      }),
    [store.months, response.previousPeriod, response.currentPeriod],
  );
  const thresholds = useMemo(
    () => receptionThresholds(card.deciding, store.months),
    [card.deciding, store.months],
  );

  useEffect(() => {
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, [store.storeCode]);

  const projected = store.basicFee.projected ?? store.basicFee.current;
  const generic = store.generic.projected ?? store.generic.current;
  const settingsAllowed = useSettingsAllowed();
  const lists = useMemo(
    () => ruleLists(projected, generic, rules.data, viewer),
    [projected, generic, rules.data, viewer],
  );

  return (
    <Box
      component="section"
      aria-labelledby="facility-store-heading"
      sx={{ display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack} variant="outlined" size="small">
          {t('facilityStandards.backToList')}
        </Button>
        <Typography
          id="facility-store-heading"
          ref={headingRef}
          tabIndex={-1}
          variant="h2"
          sx={{ fontSize: '1.3rem', fontWeight: 700, outline: 'none' }}
        >
          {store.storeName}
        </Typography>
        {store.topInstitution && (
          <Typography variant="body2" color="text.secondary">
            {L.topInstitution}: {store.topInstitution.name}
          </Typography>
        )}
      </Box>
      {card.empty ? (
        <Alert severity="info">{L.noData}</Alert>
      ) : (
        <>
          <Box sx={{ maxWidth: 720 }}>
            <StoreCardSummary card={card} />
          </Box>
          <Section title={L.projectionChart}>
            <ProjectionChart
              current={months.current}
              previous={months.previous}
              thresholds={thresholds}
              ariaLabel={t('facilityStandards.chart', { store: store.storeName })}
            />
          </Section>
          <Section title={L.monthlyTable}>
            <MonthTable
              caption={`${store.storeName} ${L.monthlyTable}`}
              periods={[
                { label: judgementPeriodText(response.previousPeriod), months: months.previous },
                { label: judgementPeriodText(response.currentPeriod), months: months.current },
              ]}
            />
          </Section>
          <Section
            title={`${L.rulesOf}（${projected ? judgementPeriodText(projected.period) : ''}）`}
          >
            {rules.isError && (
              <Alert severity="warning">{t('facilityStandards.rulesFailed')}</Alert>
            )}
            {lists.map((list) => (
              <RuleList
                key={list.key}
                title={list.title}
                items={list.items}
                settingsAllowed={settingsAllowed}
              />
            ))}
          </Section>
        </>
      )}
    </Box>
  );
}

/** The card's figures without its link, at the top of the detail. */
function StoreCardSummary({ card }: { card: ReturnType<typeof storeCardModel> }) {
  return <StoreCard card={card} linked={false} />;
}
