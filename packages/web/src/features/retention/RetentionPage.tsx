import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COHORT_MONTHS_SINCE,
  formatCompactNumber,
  formatMetricValue,
  formatNumber,
  MESSAGES,
  OVERDUE_GRACE_DAYS,
  RETENTION_BREAKDOWNS,
  RETENTION_LABELS as L,
  RETENTION_PAGE_TEXT as T,
  RETURN_WINDOWS,
  route,
  SUPPLY_BASES,
  type RetentionBreakdown,
  type RetentionCohortsResponse,
  type RetentionOverdueResponse,
  LONG_VIEW_OPENING,
} from '@pharmalytics/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { isSessionExpiry, loggingFailures, type Member, type Store } from '../../api/index.ts';
import { EChart, type EChartOption } from '../../components/charts/EChart.tsx';
import { enqueueSnackbar, PageHeading, QueryContent, saveFile } from '../../components/index.ts';
import { useSignedInMember } from '../session/index.ts';
import {
  ConditionBar,
  conditionKey,
  PeriodControl,
  PickerProvider,
  queriedStoreCodes,
  StoresControl,
  StoresGate,
  useConditionStores,
  useSearchCondition,
  openOnLongView,
} from '../search-condition/index.ts';
import { XlsxButton } from '../exports/index.ts';
import {
  downloadCohortsCsv,
  downloadCohortsXlsx,
  downloadOverdueCsv,
  downloadOverdueXlsx,
  fetchCohorts,
  fetchOverdue,
  retentionKeys,
} from './api.ts';

const HEADING_ID = 'retention-heading';
const STALE_MS = 30_000;
const rate = (value: number | null) => formatMetricValue(value, '%');
const yen = (value: number) => `${formatCompactNumber(value)}円`;

/** 患者の継続: new patients' returns, and patients past their supply end with the revenue at risk. */
export function RetentionPage() {
  const member = useSignedInMember();
  return (
    <Box component="section" aria-labelledby={HEADING_ID}>
      <PageHeading id={HEADING_ID} title={route('PatientRetention').title!} />
      <PickerProvider>
        <StoresGate>
          {(stores) => <Retention key={conditionKey(member)} member={member} stores={stores} />}
        </StoresGate>
      </PickerProvider>
    </Box>
  );
}

/** A CSV button: the server names the file. */
export function CsvButton({
  save,
  fallbackName,
}: {
  save: () => Promise<{ blob: Blob; fileName?: string | null }>;
  fallbackName: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadOutlinedIcon />}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        save()
          .then((file) => saveFile(file.blob, file.fileName ?? fallbackName))
          .catch((error: unknown) => {
            if (!isSessionExpiry(error)) enqueueSnackbar(MESSAGES.csvFailed, 'error');
          })
          .finally(() => setBusy(false));
      }}
    >
      {T.csv}
    </Button>
  );
}

/** A section's download buttons, side by side. */
export function Downloads({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{children}</Box>;
}

export function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id={id} variant="h2">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** Opened on a week (the shared default), the page shows the months it counts instead. */
const OPEN_RETENTION = openOnLongView(LONG_VIEW_OPENING.retention);

function Retention({ member, stores }: { member: Member; stores: readonly Store[] }) {
  const { active, activeCodes, tree } = useConditionStores(member, stores);
  const { condition, update, today, plan } = useSearchCondition(
    member,
    activeCodes,
    OPEN_RETENTION,
  );
  const [breakdown, setBreakdown] = useState<RetentionBreakdown>('store');
  const [grace, setGrace] = useState(String(OVERDUE_GRACE_DAYS.default));
  const [graceApplied, setGraceApplied] = useState<number>(OVERDUE_GRACE_DAYS.default);
  const period = {
    from: condition.base.from,
    to: condition.base.to,
    storeCodes: queriedStoreCodes(condition, activeCodes).join(','),
  };
  const cohortsQuery = { ...period, breakdown };
  const overdueQuery = { ...period, graceDays: String(graceApplied) };
  const cohorts = useQuery({
    queryKey: retentionKeys.cohorts(cohortsQuery),
    queryFn: ({ signal }) => loggingFailures(fetchCohorts(cohortsQuery, signal)),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
  const overdue = useQuery({
    queryKey: retentionKeys.overdue(overdueQuery),
    queryFn: ({ signal }) => loggingFailures(fetchOverdue(overdueQuery, signal)),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
  const graceNumber = Number(grace);
  const graceValid =
    /^\d+$/.test(grace) &&
    graceNumber >= OVERDUE_GRACE_DAYS.min &&
    graceNumber <= OVERDUE_GRACE_DAYS.max;

  return (
    <>
      <ConditionBar>
        <PeriodControl
          condition={condition}
          comparison={false}
          plan={plan}
          today={today}
          onApply={(next) => update((current) => ({ ...current, ...next }))}
        />
        <StoresControl
          pharmacy={condition.pharmacy}
          stores={active}
          tree={tree}
          onApply={(pharmacy) => update((current) => ({ ...current, pharmacy }))}
        />
      </ConditionBar>
      <Section
        id="retention-cohorts"
        title={T.cohortsHeading}
        action={
          <Downloads>
            <CsvButton save={() => downloadCohortsCsv(cohortsQuery)} fallbackName="cohorts.csv" />
            <XlsxButton
              fetchFile={() => downloadCohortsXlsx(cohortsQuery)}
              fallbackName="cohorts.xlsx"
            />
          </Downloads>
        }
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {T.cohortsNote}
        </Typography>
        <QueryContent query={cohorts} failure={T.loadFailed}>
          {(data) => <Cohorts data={data} breakdown={breakdown} onBreakdown={setBreakdown} />}
        </QueryContent>
      </Section>
      <Section
        id="retention-overdue"
        title={T.overdueHeading}
        action={
          <Downloads>
            <CsvButton save={() => downloadOverdueCsv(overdueQuery)} fallbackName="overdue.csv" />
            <XlsxButton
              fetchFile={() => downloadOverdueXlsx(overdueQuery)}
              fallbackName="overdue.xlsx"
            />
          </Downloads>
        }
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {T.overdueNote(graceApplied)}
        </Typography>
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (graceValid) setGraceApplied(graceNumber);
          }}
        >
          <TextField
            size="small"
            label={T.graceDays}
            value={grace}
            onChange={(event) => setGrace(event.target.value)}
            error={!graceValid}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 120 }}
          />
          <Button type="submit" variant="contained" size="small" disabled={!graceValid}>
            {T.apply}
          </Button>
        </Box>
        <QueryContent query={overdue} failure={T.loadFailed}>
          {(data) => <Overdue data={data} />}
        </QueryContent>
      </Section>
    </>
  );
}

function ReturnCells({ returns }: { returns: RetentionCohortsResponse['total']['returns'] }) {
  return (
    <>
      {RETURN_WINDOWS.map((days, i) => (
        <TableCell key={days} align="right">
          {rate(returns[i]?.rate ?? null)}
        </TableCell>
      ))}
    </>
  );
}

function Cohorts({
  data,
  breakdown,
  onBreakdown,
}: {
  data: RetentionCohortsResponse;
  breakdown: RetentionBreakdown;
  onBreakdown: (next: RetentionBreakdown) => void;
}) {
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 48, right: 16, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: data.cohorts.map((c) => c.name) },
      yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
      series: RETURN_WINDOWS.map((days, i) => ({
        type: 'line',
        name: L.returnWithin(days),
        connectNulls: false,
        data: data.cohorts.map((c) => c.returns[i]?.rate ?? null),
      })),
    }),
    [data],
  );
  if (data.total.patients === 0) {
    return <Typography color="text.secondary">{MESSAGES.noData}</Typography>;
  }
  return (
    <>
      <EChart option={option} height={280} ariaLabel={T.cohortsHeading} />
      <Box sx={{ overflowX: 'auto', my: 2 }} tabIndex={0} role="region" aria-label={T.cohortTable}>
        <Table size="small" aria-label={T.cohortTable} data-testid="retention-cohorts">
          <TableHead>
            <TableRow>
              <TableCell>{L.firstMonth}</TableCell>
              <TableCell align="right">{L.newPatients}</TableCell>
              {RETURN_WINDOWS.map((days) => (
                <TableCell key={days} align="right">
                  {L.returnWithin(days)}
                </TableCell>
              ))}
              {Array.from({ length: COHORT_MONTHS_SINCE }, (_, i) => (
                <TableCell key={i} align="right">
                  {L.monthsSince(i + 1)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.cohorts.map((c) => (
              <TableRow key={c.key}>
                <TableCell component="th" scope="row">
                  {c.name}
                </TableCell>
                <TableCell align="right">{formatNumber(c.patients, 0)}人</TableCell>
                <ReturnCells returns={c.returns} />
                {c.monthsSince.map((value, i) => (
                  <TableCell key={i} align="right">
                    {rate(value)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TextField
        select
        size="small"
        label={T.breakdown}
        value={breakdown}
        onChange={(event) => onBreakdown(event.target.value as RetentionBreakdown)}
        sx={{ minWidth: 200, mb: 1 }}
      >
        {RETENTION_BREAKDOWNS.map((b) => (
          <MenuItem key={b.key} value={b.key}>
            {b.label}
          </MenuItem>
        ))}
      </TextField>
      <Table size="small" aria-label={T.breakdown}>
        <TableHead>
          <TableRow>
            <TableCell>{RETENTION_BREAKDOWNS.find((b) => b.key === breakdown)!.label}</TableCell>
            <TableCell align="right">{L.newPatients}</TableCell>
            {RETURN_WINDOWS.map((days) => (
              <TableCell key={days} align="right">
                {L.returnWithin(days)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {[...data.groups, data.total].map((g) => (
            <TableRow key={`${g.key}:${g.name}`}>
              <TableCell component="th" scope="row">
                {g.name}
              </TableCell>
              <TableCell align="right">{formatNumber(g.patients, 0)}人</TableCell>
              <ReturnCells returns={g.returns} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

function Overdue({ data }: { data: RetentionOverdueResponse }) {
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 64, right: 16, top: 16, bottom: 32 },
      xAxis: { type: 'category', data: data.trend.map((m) => m.name) },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatCompactNumber(v) } },
      series: [
        { type: 'bar', name: L.revenueAtRisk, data: data.trend.map((m) => m.revenueAtRisk) },
      ],
    }),
    [data],
  );
  if (data.total.patients === 0) {
    return <Typography color="text.secondary">{T.noPatients}</Typography>;
  }
  return (
    <>
      <Box sx={{ display: 'flex', gap: 4, mb: 2 }} data-testid="retention-overdue-total">
        <Figure label={L.overduePatients} value={`${formatNumber(data.total.patients, 0)}人`} />
        <Figure label={T.revenueAtRiskTotal} value={yen(data.total.revenueAtRisk)} />
      </Box>
      {data.byInterval > 0 && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {T.byIntervalNote(data.byInterval)}
        </Alert>
      )}
      {data.unjudged > 0 && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {T.unjudgedNote(data.unjudged)}
        </Alert>
      )}
      <Typography variant="h3" sx={{ mt: 2 }}>
        {T.trend}
      </Typography>
      <EChart option={option} height={240} ariaLabel={T.trend} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2, my: 2 }}>
        <Tally title={T.byStore} rows={data.byStore} />
        <Tally title={T.byInstitution} rows={data.byInstitution.slice(0, 20)} />
      </Box>
      <Typography variant="h3">{T.list}</Typography>
      <Alert severity="info" sx={{ my: 1 }}>
        {T.lookupNote}
      </Alert>
      {data.patients.length < data.total.patients && (
        <Typography variant="body2" color="text.secondary">
          {T.listLimited(data.patients.length, data.total.patients)}
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={T.list}>
        <Table size="small" aria-label={T.list} data-testid="retention-overdue-list">
          <TableHead>
            <TableRow>
              {[L.pseudonym, L.store, L.lastVisit, L.institution, L.supplyEnd, L.supplyBasis].map(
                (h) => (
                  <TableCell key={h}>{h}</TableCell>
                ),
              )}
              <TableCell align="right">{L.daysOverdue}</TableCell>
              <TableCell align="right">{L.revenueAtRisk}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.patients.map((p) => (
              <TableRow key={`${p.storeCode}:${p.pseudonym}`}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{p.pseudonym.slice(0, 12)}</TableCell>
                <TableCell>{p.storeName}</TableCell>
                <TableCell>{p.lastVisit}</TableCell>
                <TableCell>{p.institutionName}</TableCell>
                <TableCell>{p.supplyEnd}</TableCell>
                <TableCell>{SUPPLY_BASES[p.supplyBasis]}</TableCell>
                <TableCell align="right">{formatNumber(p.daysOverdue, 0)}日</TableCell>
                <TableCell align="right">{formatNumber(p.revenueAtRisk, 0)}円</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h2" component="p">
        {value}
      </Typography>
    </Box>
  );
}

function Tally({ title, rows }: { title: string; rows: RetentionOverdueResponse['byStore'] }) {
  return (
    <Table size="small" aria-label={title}>
      <TableHead>
        <TableRow>
          <TableCell>{title}</TableCell>
          <TableCell align="right">{L.overduePatients}</TableCell>
          <TableCell align="right">{T.revenueAtRiskTotal}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableCell component="th" scope="row">
              {r.name}
            </TableCell>
            <TableCell align="right">{formatNumber(r.patients, 0)}人</TableCell>
            <TableCell align="right">{yen(r.revenueAtRisk)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
