import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  FACILITY_STANDARDS_CSV,
  FACILITY_STANDARDS_LABELS as L,
  facilityMonthText,
  judgementPeriodText,
  DEFAULT_ALERT_SETTINGS,
  MESSAGES,
  type AlertSettings,
  type FacilityJudgementsResponse,
} from '@pharmalytics/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { loggingFailures, type Member, type Store } from '../../api/index.ts';
import { routeTitle } from '../../routes/paths.ts';
import {
  CSV_MIME_TYPE,
  enqueueSnackbar,
  PageHeading,
  PageLoader,
  saveText,
} from '../../components/index.ts';
import { memberCan, route } from '@pharmalytics/domain';
import { downloadFacilityStandardsXlsx, XlsxButton } from '../exports/index.ts';
import { useSignedInMember } from '../session/index.ts';
import {
  ConditionBar,
  conditionKey,
  queriedStoreCodes,
  StoresControl,
  StoresGate,
  useConditionStores,
  useSearchCondition,
} from '../search-condition/index.ts';
import { facilityStandardsKeys, fetchJudgements } from './api.ts';
import { facilityCsv } from './csv.ts';
import { storeCardModel, type Viewer } from './model.ts';
import { facilitySettingsKeys, fetchAlertSettings } from './settings/api.ts';
import { SettingsLink } from './SettingsLink.tsx';
import { StoreCard } from './StoreCard.tsx';
import { StoreDetail } from './StoreDetail.tsx';

const HEADING_ID = 'facility-standards-heading';
const STORE_PARAM = 'store';

/**
 * 施設基準: each chosen store's 調剤基本料 区分 and generic tier, now and as projected for the
 * next June, and, with ?store=, one store's months, projection and rules.
 */
export function FacilityStandardsPage() {
  const member = useSignedInMember();
  return (
    <Box component="section" aria-labelledby={HEADING_ID}>
      <PageHeading
        id={HEADING_ID}
        title={routeTitle('FacilityStandards')}
        actions={<SettingsLink />}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        {L.lead}
      </Typography>
      <StoresGate>
        {(stores) => (
          <FacilityStandards key={conditionKey(member)} member={member} stores={stores} />
        )}
      </StoresGate>
    </Box>
  );
}

function viewerOf(member: Member, alertSettings: AlertSettings): Viewer {
  // Only on the paid plans' 施設基準 screen, so the capability's plan rule holds already.
  return { seesGroup: memberCan(member, 'administerFacilityStandards'), alertSettings };
}

const loadJudgements = (storeCodes: readonly string[], signal: AbortSignal) =>
  loggingFailures(fetchJudgements(storeCodes, signal));

function FacilityStandards({ member, stores }: { member: Member; stores: readonly Store[] }) {
  const { t } = useTranslation();
  const { active, activeCodes, tree } = useConditionStores(member, stores);
  const { condition, update } = useSearchCondition(member, activeCodes);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const storeCode = params.get(STORE_PARAM);
  // Until the corporation's distances arrive, the defaults decide what is shown as close.
  const alertSettings = useQuery({
    queryKey: facilitySettingsKeys.alertSettings,
    queryFn: fetchAlertSettings,
  });
  const viewer = useMemo(
    () => viewerOf(member, alertSettings.data ?? DEFAULT_ALERT_SETTINGS),
    [member, alertSettings.data],
  );

  // A linked store is judged on its own when it is not among the chosen stores.
  const chosen = queriedStoreCodes(condition, activeCodes);
  const codes = storeCode && !chosen.includes(storeCode) ? [storeCode] : chosen;
  const judgements = useQuery({
    queryKey: facilityStandardsKeys.judgements(codes),
    queryFn: ({ signal }) => loadJudgements(codes, signal),
    enabled: codes.length > 0,
    placeholderData: keepPreviousData,
  });

  const backToList = () => {
    const fromList = (location.state as { fromList?: boolean } | null)?.fromList;
    if (fromList) void navigate(-1);
    else void navigate({ search: '' }, { replace: true });
  };

  const downloadCsv = (data: FacilityJudgementsResponse) => {
    try {
      saveText(
        facilityCsv(data.stores),
        FACILITY_STANDARDS_CSV.fileName(data.today),
        CSV_MIME_TYPE,
      );
    } catch (error) {
      console.error(error);
      enqueueSnackbar(MESSAGES.csvFailed, 'error');
    }
  };

  const data = judgements.data;
  const detail = storeCode ? data?.stores.find((s) => s.storeCode === storeCode) : undefined;

  const body = () => {
    if (codes.length === 0) return <Alert severity="info">{t('facilityStandards.noStores')}</Alert>;
    if (judgements.isPending) {
      return <PageLoader minHeight="40vh" label={t('facilityStandards.loading')} />;
    }
    if (judgements.isError || !data) {
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void judgements.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {MESSAGES.unexpected}
        </Alert>
      );
    }
    if (storeCode) {
      if (!detail) return <Alert severity="info">{t('facilityStandards.storeNotFound')}</Alert>;
      return <StoreDetail store={detail} response={data} viewer={viewer} onBack={backToList} />;
    }
    return (
      <Box
        component="section"
        aria-label={t('facilityStandards.stores')}
        aria-busy={judgements.isFetching}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 380px), 1fr))',
          opacity: judgements.isPlaceholderData ? 0.6 : 1,
        }}
      >
        {data.stores.map((store) => (
          <StoreCard key={store.storeCode} card={storeCardModel(store, viewer)} />
        ))}
      </Box>
    );
  };

  const lastMonth = data?.stores.map((s) => s.lastCompleteMonth).find((m) => m !== null);

  return (
    <>
      {!storeCode && (
        <ConditionBar>
          <StoresControl
            pharmacy={condition.pharmacy}
            stores={active}
            tree={tree}
            onApply={(pharmacy) => update((current) => ({ ...current, pharmacy }))}
          />
          {data && (
            <Box data-testid="facility-periods" sx={{ display: 'grid', gap: 0.25 }}>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {L.currentFee}: {judgementPeriodText(data.previousPeriod)}
              </Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {L.projectedFee}: {judgementPeriodText(data.currentPeriod)}
              </Typography>
            </Box>
          )}
          {memberCan(member, 'exportTables') && data && (
            <Box sx={{ ml: 'auto', display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                size="small"
                startIcon={<DownloadOutlinedIcon />}
                onClick={() => downloadCsv(data)}
              >
                {t('facilityStandards.csv')}
              </Button>
              <XlsxButton
                fallbackName={`${route('FacilityStandards').title!}.xlsx`}
                fetchFile={() => downloadFacilityStandardsXlsx(codes)}
              />
            </Box>
          )}
        </ConditionBar>
      )}
      {!storeCode && lastMonth && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('facilityStandards.observedUntil', { month: facilityMonthText(lastMonth) })}
        </Typography>
      )}
      {body()}
    </>
  );
}
