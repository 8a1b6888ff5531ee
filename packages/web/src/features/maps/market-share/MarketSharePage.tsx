import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  areaGroups,
  defaultMarketShareLayers,
  exportFileName,
  marketShareCsv,
  MARKET_SHARE_XLSX,
  memberCan,
  selectedAreas,
  selectionTotals,
  storeLocation,
  MARKET_SHARE_CSV,
  MARKET_SHARE_LABELS,
  MESSAGES,
  PRODUCT_NAME,
  route,
  type MarketShareLayers,
  type MeshEstimate,
  VIEWPORT_SEARCH_MARKER_TYPES,
} from '@pharmalytics/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isDevApiEnabled, subscribeDevApi, type Member, type Store } from '../../../api/index.ts';
import {
  CSV_MIME_TYPE,
  enqueueSnackbar,
  PageHeading,
  PageLoader,
  saveText,
} from '../../../components/index.ts';
import { downloadMarketShareXlsx } from '../../exports/index.ts';
import { useSignedInMember } from '../../session/index.ts';
import {
  ConditionBar,
  conditionKey,
  PeriodControl,
  PickerProvider,
  StoresGate,
  useConditionStores,
  useSearchCondition,
  type MarketShareCondition,
} from '../../search-condition/index.ts';
import { fetchEstimateCount, fetchMarketShare, marketShareKeys } from './api.ts';
import { ALL_CLOSED, setOpenAll, toggleRow, type Expansion } from './expansion.ts';
import { LazyMarketShareMap } from './LazyMarketShareMap.tsx';
import { toggleMesh, type MeshSelection } from './selection.ts';
import { SelectionSummary } from './SelectionSummary.tsx';
import { SelectionTable } from './SelectionTable.tsx';
import { FacilityOverlay } from '../facilities/index.ts';
import { SettingsPanel } from './SettingsPanel.tsx';
import type { PlacedStore } from './types.ts';

/** Answers are kept a while: going back to a period or store redraws at once. */
const STALE_MS = 30_000;
const MAP_HEIGHT = 560;

/** The patient acquisition rate screen 患者獲得率分布マップ (spec 02 §2.4). */
export function MarketSharePage() {
  const member = useSignedInMember();
  const title = route('MarketShare').title ?? PRODUCT_NAME;
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <PageHeading id={headingId} title={title} />
      <PickerProvider>
        <StoresGate>
          {(stores) => <MarketShare key={conditionKey(member)} member={member} stores={stores} />}
        </StoresGate>
      </PickerProvider>
    </Box>
  );
}

/** The single-store select 店舗選択, whose first option 選択してください chooses none. */
function StoreSelect({
  stores,
  value,
  onChange,
}: {
  stores: readonly Store[];
  value: string | null;
  onChange: (storeCode: string | null) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={MARKET_SHARE_LABELS.storeSelect}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: 280 }}
    >
      <MenuItem value="">{MARKET_SHARE_LABELS.storeSelectPlaceholder}</MenuItem>
      {stores.map((store) => (
        <MenuItem key={store.storeCode} value={store.storeCode}>
          {store.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function MarketShare({ member, stores }: { member: Member; stores: readonly Store[] }) {
  const { t } = useTranslation();
  const { active, activeCodes } = useConditionStores(member, stores);
  const { condition, update, today, plan } = useSearchCondition(member, activeCodes);
  const devApi = useSyncExternalStore(subscribeDevApi, isDevApiEnabled, isDevApiEnabled);
  const { preset, base, storeCode } = condition.marketShare;
  const [selection, setSelection] = useState<MeshSelection>([]);
  const [expansion, setExpansion] = useState<Expansion>(ALL_CLOSED);
  const [layers, setLayers] = useState<MarketShareLayers>(defaultMarketShareLayers);
  const branchHeadingId = useId();

  const updateMarketShare = (change: Partial<MarketShareCondition>) =>
    update((current) => ({ ...current, marketShare: { ...current.marketShare, ...change } }));

  const answer = useQuery({
    queryKey: marketShareKeys.map(base, storeCode ?? '', devApi),
    queryFn: ({ signal }) => fetchMarketShare(base, storeCode!, signal),
    enabled: storeCode !== null,
    staleTime: STALE_MS,
    // A new period of the same store keeps the map (and its view) while the figures reload.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[4] === storeCode ? previous : undefined,
  });
  const meshes = useMemo(() => answer.data?.estimatedPatientCounts ?? [], [answer.data]);
  const loaded = useMemo(() => new Map(meshes.map((mesh) => [mesh.meshCode, mesh])), [meshes]);
  const settled = answer.data !== undefined && !answer.isPlaceholderData;

  // Chosen meshes outside the answer are asked for one by one (their count is 0).
  const missing = settled ? selection.filter((code) => !loaded.has(code)) : [];
  const estimates = useQueries({
    queries: missing.map((meshCode) => ({
      queryKey: marketShareKeys.estimate(base, meshCode, devApi),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchEstimateCount(base, meshCode, signal),
      staleTime: STALE_MS,
    })),
    combine: (results) => {
      const answered = new Map<string, MeshEstimate | null>();
      results.forEach((result, i) => {
        if (result.data !== undefined) answered.set(missing[i]!, result.data);
      });
      return answered;
    },
  });

  const areas = settled ? selectedAreas(selection, loaded, estimates) : pendingAreas(selection);
  const groups = areaGroups(areas);

  const chosen = active.find((store) => store.storeCode === storeCode);
  const branch = answer.data?.branches[0] ?? chosen;
  const placed: PlacedStore | null =
    branch && storeLocation(branch)
      ? { name: branch.name, latitude: branch.latitude!, longitude: branch.longitude! }
      : null;
  const maxRate =
    typeof answer.data?.maxMesh?.estimateRate === 'number' ? answer.data.maxMesh.estimateRate : 0;

  const downloadCsv = () => {
    try {
      saveText(marketShareCsv(groups), MARKET_SHARE_CSV.fileName, CSV_MIME_TYPE);
    } catch (error) {
      console.error(error);
      enqueueSnackbar(MESSAGES.csvFailed, 'error');
    }
  };

  let body: ReactNode;
  if (storeCode === null) body = null;
  else if (answer.isPending) {
    body = <PageLoader minHeight={MAP_HEIGHT} label={t('marketShare.loading')} />;
  } else if (!placed) {
    body = (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {MESSAGES.marketShareAddressMissing}
      </Alert>
    );
  } else {
    body = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, mb: 1 }}>
          {t('marketShare.hint')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'stretch', minHeight: MAP_HEIGHT }}>
          <Box sx={{ position: 'relative', flex: 1, minWidth: 0 }} aria-busy={answer.isFetching}>
            {answer.isFetching && (
              <LinearProgress
                aria-label={t('marketShare.loading')}
                sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }}
              />
            )}
            <LazyMarketShareMap
              key={storeCode}
              store={placed}
              meshes={meshes}
              maxRate={maxRate}
              selection={selection}
              showRates={layers.market}
              height={MAP_HEIGHT}
              onToggleMesh={(meshCode) => {
                if (layers.market) setSelection((current) => toggleMesh(current, meshCode));
              }}
              facilityMarkers={
                <FacilityOverlay
                  types={VIEWPORT_SEARCH_MARKER_TYPES.filter((type) => layers[type])}
                />
              }
            />
            <SettingsPanel layers={layers} onChange={setLayers} />
          </Box>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('maps.facilityCredit')}
        </Typography>
      </>
    );
  }

  return (
    <>
      <ConditionBar>
        <PeriodControl
          condition={{ ...condition, preset, base }}
          comparison={false}
          withTimeAxis={false}
          plan={plan}
          today={today}
          onApply={(period) => updateMarketShare({ preset: period.preset, base: period.base })}
        />
        <StoreSelect
          stores={active}
          value={storeCode}
          onChange={(next) => {
            if (next === storeCode) return;
            updateMarketShare({ storeCode: next });
            // Another store: its own meshes, none chosen yet.
            setSelection([]);
            setExpansion(ALL_CLOSED);
          }}
        />
      </ConditionBar>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby={branchHeadingId}
        aria-busy={answer.isFetching}
        sx={{ p: 2, mb: 3 }}
      >
        <Typography
          id={branchHeadingId}
          variant="h2"
          data-testid="market-share-branch"
          sx={{ mb: storeCode === null ? 0 : 1.5 }}
        >
          {storeCode === null ? MESSAGES.selectStore : (branch?.name ?? '')}
        </Typography>
        {storeCode !== null && <SelectionSummary totals={selectionTotals(areas)} />}
        {body}
      </Paper>
      <SelectionTable
        groups={groups}
        expansion={expansion}
        onOpenAll={(open) => setExpansion(setOpenAll(open))}
        onToggleRow={(meshCode) =>
          setExpansion((current) => toggleRow(current, meshCode, selection))
        }
        onCsv={downloadCsv}
        xlsx={
          memberCan(member, 'exportTables')
            ? {
                fallbackName: exportFileName([MARKET_SHARE_XLSX.fileWord], base, 'xlsx'),
                // Meshes are chosen on a store's map only: with rows to export, a store is chosen.
                fetchFile: () => downloadMarketShareXlsx(base, storeCode!, selection),
              }
            : undefined
        }
      />
    </>
  );
}

/** The chosen meshes while their figures reload. */
function pendingAreas(selection: MeshSelection) {
  return selection.map((meshCode, i) => ({ number: i + 1, meshCode, figures: undefined }));
}
