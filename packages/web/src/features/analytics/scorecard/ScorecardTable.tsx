import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import {
  formatMetricValue,
  route,
  SCORECARD_KPIS,
  type ScorecardKpi,
  type ScorecardResponse,
} from '@pharmalytics/domain';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../../components/index.ts';
import { ChangeBadge } from '../change/index.ts';
import { DefinitionHint } from '../definition/index.ts';
import {
  CELL_PARTS,
  sameColumn,
  tableRows,
  type CellPart,
  type CellView,
  type RowView,
  type ScorecardSort,
  type SortColumn,
} from './table.ts';
import { analysisTarget, type AnalysisTarget } from './target.ts';

/** Height of the KPI header row: the sub-column row sticks just below it. */
const GROUP_HEADER_HEIGHT = 76;
const STORE_COLUMN_WIDTH = { xs: 112, sm: 168 };
const CELL_MIN_WIDTH = 88;
const TOTAL_BACKGROUND = '#eef5f4';

const PART_LABELS = {
  value: 'scorecard.base',
  comparison: 'scorecard.comparison',
  change: 'scorecard.change',
} as const satisfies Record<CellPart, string>;

/** The store name opens the first KPI's page (調剤売上 on 調剤薬局). */
const STORE_KPI = SCORECARD_KPIS[0]!;

export interface ScorecardTableProps {
  response: ScorecardResponse;
  sort: ScorecardSort | null;
  onSort: (column: SortColumn) => void;
  /** Names the table: the period and its comparison. */
  label: string;
  /** The address of the page a link opens, its view in the query. */
  hrefOf: (target: AnalysisTarget) => string;
}

const stickyStore = {
  position: 'sticky',
  left: 0,
  zIndex: 2,
  minWidth: STORE_COLUMN_WIDTH,
  maxWidth: STORE_COLUMN_WIDTH,
  borderRight: 1,
  borderRightColor: 'divider',
} as const;

/** The scorecard: 全店舗 then every store, a column group per KPI with 当期・比較・増減. */
export function ScorecardTable({ response, sort, onSort, label, hrefOf }: ScorecardTableProps) {
  const { t } = useTranslation();
  const rows = useMemo(() => tableRows(response, sort), [response, sort]);
  const sortProps = (column: SortColumn) => {
    const active = sort !== null && sameColumn(sort.column, column);
    const direction = active ? sort.direction : column.kind === 'store' ? 'asc' : 'desc';
    return {
      cell: { 'aria-sort': active ? (`${direction}ending` as const) : undefined },
      label: { active, direction, onClick: () => onSort(column) },
    };
  };
  const store = sortProps({ kind: 'store' });

  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={label}
      // Positioned, so that the visually hidden texts of its cells stay inside its scroll area.
      sx={{
        position: 'relative',
        maxHeight: { xs: '75vh', md: 'calc(100vh - 240px)' },
        minHeight: 240,
      }}
    >
      <Table stickyHeader size="small" aria-label={label} data-testid="scorecard-table">
        <TableHead>
          <TableRow>
            <TableCell
              rowSpan={2}
              {...store.cell}
              sx={{ ...stickyStore, zIndex: 4, fontWeight: 700, verticalAlign: 'bottom' }}
            >
              <TableSortLabel {...store.label}>{t('scorecard.store')}</TableSortLabel>
            </TableCell>
            {SCORECARD_KPIS.map((kpi) => (
              <KpiHeader key={kpi.key} kpi={kpi} />
            ))}
          </TableRow>
          <TableRow>
            {SCORECARD_KPIS.flatMap((kpi) =>
              CELL_PARTS.map((part) => {
                const props = sortProps({ kind: 'kpi', key: kpi.key, part });
                return (
                  <TableCell
                    key={`${kpi.key}:${part}`}
                    align="right"
                    {...props.cell}
                    data-column={`${kpi.key}:${part}`}
                    sx={{
                      top: GROUP_HEADER_HEIGHT,
                      minWidth: CELL_MIN_WIDTH,
                      whiteSpace: 'nowrap',
                      ...groupStart(part),
                    }}
                  >
                    <TableSortLabel {...props.label}>
                      {t(PART_LABELS[part])}
                      <Box component="span" sx={visuallyHidden}>
                        （{kpi.label}）
                      </Box>
                    </TableSortLabel>
                  </TableCell>
                );
              }),
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.storeCode || 'total'} data-store={row.storeCode}>
              <TableCell
                component="th"
                scope="row"
                sx={{ ...stickyStore, bgcolor: 'background.paper', ...rowLook(row) }}
              >
                <TargetLink
                  target={analysisTarget(STORE_KPI, row.storeCode)}
                  name={t('scorecard.openStore', {
                    store: row.name,
                    page: route(STORE_KPI.opens.route).title,
                  })}
                  hrefOf={hrefOf}
                >
                  {row.name}
                </TargetLink>
              </TableCell>
              {SCORECARD_KPIS.map((kpi) => (
                <KpiCells key={kpi.key} kpi={kpi} row={row} hrefOf={hrefOf} />
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The 全店舗 row stands apart: shaded and bold. */
const rowLook = (row: RowView) =>
  row.isTotal ? { bgcolor: TOTAL_BACKGROUND, fontWeight: 700 } : {};

const groupStart = (part: CellPart) =>
  part === 'value' ? { borderLeft: 1, borderLeftColor: 'divider' } : {};

function KpiHeader({ kpi }: { kpi: ScorecardKpi }) {
  const { t } = useTranslation();
  return (
    <TableCell
      colSpan={CELL_PARTS.length}
      align="center"
      data-kpi={kpi.key}
      sx={{
        height: GROUP_HEADER_HEIGHT,
        boxSizing: 'border-box',
        py: 0.5,
        fontWeight: 700,
        lineHeight: 1.35,
        ...groupStart('value'),
      }}
    >
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
        <span>{kpi.label}</span>
        <DefinitionHint label={kpi.label} definition={kpi.definition} />
      </Box>
      <Box sx={{ fontSize: 12, fontWeight: 400, color: 'text.secondary' }}>
        {kpi.unit && t('scorecard.unit', { unit: kpi.unit })}
        {kpi.guide !== undefined && (
          <>
            {kpi.unit && ' ・ '}
            {t('scorecard.guide', { value: formatMetricValue(kpi.guide, kpi.unit) })}
          </>
        )}
      </Box>
    </TableCell>
  );
}

function KpiCells({
  kpi,
  row,
  hrefOf,
}: {
  kpi: ScorecardKpi;
  row: RowView;
  hrefOf: (target: AnalysisTarget) => string;
}) {
  const { t } = useTranslation();
  const cell = row.cells[kpi.key]!;
  const numeric = {
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
    ...rowLook(row),
  } as const;
  return (
    <>
      <TableCell align="right" data-part="value" sx={{ ...numeric, ...groupStart('value') }}>
        <TargetLink
          target={analysisTarget(kpi, row.storeCode)}
          name={t('scorecard.openCell', {
            text: cell.value,
            store: row.name,
            metric: kpi.label,
            page: route(kpi.opens.route).title,
          })}
          hrefOf={hrefOf}
        >
          {cell.value}
        </TargetLink>
        {cell.aboveGuide && <AboveGuide kpi={kpi} />}
      </TableCell>
      <TableCell align="right" data-part="comparison" sx={numeric}>
        {cell.comparison}
      </TableCell>
      <TableCell align="right" data-part="change" sx={numeric}>
        <ChangeCell cell={cell} />
      </TableCell>
    </>
  );
}

function AboveGuide({ kpi }: { kpi: ScorecardKpi }) {
  const { t } = useTranslation();
  const long = t('scorecard.aboveGuideLong', { value: formatMetricValue(kpi.guide, kpi.unit) });
  return (
    <Tooltip title={long} describeChild>
      <Box
        component="span"
        data-testid="above-guide"
        sx={{
          ml: 0.75,
          px: 0.5,
          borderRadius: 0.5,
          border: 1,
          borderColor: 'secondary.dark',
          color: 'secondary.dark',
          fontSize: 11,
          fontWeight: 700,
        }}
      >
        {t('scorecard.aboveGuide')}
      </Box>
    </Tooltip>
  );
}

function ChangeCell({ cell }: { cell: CellView }) {
  if (!cell.note) return <ChangeBadge style={cell.style} text={cell.change} />;
  return (
    <Tooltip title={cell.note} describeChild>
      <Box
        component="span"
        tabIndex={0}
        data-testid="incomplete-change"
        sx={{ color: 'text.secondary', textDecoration: 'underline dotted', cursor: 'help' }}
      >
        {cell.change}
        <Box component="span" sx={visuallyHidden}>
          （{cell.note}）
        </Box>
      </Box>
    </Tooltip>
  );
}

/** A real link to the analysis page, the view it opens with in its address. */
function TargetLink({
  target,
  name,
  hrefOf,
  children,
}: {
  target: AnalysisTarget;
  name: string;
  hrefOf: (target: AnalysisTarget) => string;
  children: ReactNode;
}) {
  return (
    <Link
      component={RouterLink}
      to={hrefOf(target)}
      aria-label={name}
      underline="hover"
      color="inherit"
    >
      {children}
    </Link>
  );
}
