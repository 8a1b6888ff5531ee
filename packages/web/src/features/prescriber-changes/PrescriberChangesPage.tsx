import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatCompactNumber,
  formatNumber,
  MESSAGES,
  PRESCRIBER_CHANGE_KINDS,
  PRESCRIBER_FLOOR,
  PRESCRIBER_LABELS as L,
  PRESCRIBER_PAGE_TEXT as T,
  periodText,
  route,
  signedPercent,
  type PrescriberChangesResponse,
  LONG_VIEW_OPENING,
} from '@pharmalytics/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { loggingFailures, type Member, type Store } from '../../api/index.ts';
import { PageHeading, QueryContent } from '../../components/index.ts';
import { XlsxButton } from '../exports/index.ts';
import { CsvButton, Downloads, Section } from '../retention/index.ts';
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
import {
  downloadPrescriberChangesCsv,
  downloadPrescriberChangesXlsx,
  fetchPrescriberChanges,
  prescriberChangeKeys,
} from './api.ts';

const HEADING_ID = 'prescriber-changes-heading';
const STALE_MS = 30_000;
const change = (value: number | null) => (value === null ? '-' : signedPercent(value));

/** 処方元の変化: institutions whose prescriptions changed, new and lost ones, clinics opened nearby. */
export function PrescriberChangesPage() {
  const member = useSignedInMember();
  return (
    <Box component="section" aria-labelledby={HEADING_ID}>
      <PageHeading id={HEADING_ID} title={route('PrescriberChanges').title!} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        {T.note}
      </Typography>
      <PickerProvider>
        <StoresGate>
          {(stores) => <Changes key={conditionKey(member)} member={member} stores={stores} />}
        </StoresGate>
      </PickerProvider>
    </Box>
  );
}

/** Opened on a week (the shared default), the page shows the months it judges instead. */
const OPEN_PRESCRIBER_CHANGES = openOnLongView(LONG_VIEW_OPENING.prescriberChanges);

function Changes({ member, stores }: { member: Member; stores: readonly Store[] }) {
  const { active, activeCodes, tree } = useConditionStores(member, stores);
  const { condition, update, today, plan } = useSearchCondition(
    member,
    activeCodes,
    OPEN_PRESCRIBER_CHANGES,
  );
  const [floor, setFloor] = useState(String(PRESCRIBER_FLOOR.default));
  const [floorApplied, setFloorApplied] = useState<number>(PRESCRIBER_FLOOR.default);
  const query = {
    from: condition.base.from,
    to: condition.base.to,
    storeCodes: queriedStoreCodes(condition, activeCodes).join(','),
    floor: String(floorApplied),
  };
  const result = useQuery({
    queryKey: prescriberChangeKeys.changes(query),
    queryFn: ({ signal }) => loggingFailures(fetchPrescriberChanges(query, signal)),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
  const floorNumber = Number(floor);
  const floorValid =
    /^\d+$/.test(floor) &&
    floorNumber >= PRESCRIBER_FLOOR.min &&
    floorNumber <= PRESCRIBER_FLOOR.max;
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
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
          onSubmit={(event) => {
            event.preventDefault();
            if (floorValid) setFloorApplied(floorNumber);
          }}
        >
          <TextField
            size="small"
            label={T.floor}
            value={floor}
            onChange={(event) => setFloor(event.target.value)}
            error={!floorValid}
            helperText={T.floorNote}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 260 }}
          />
          <Button type="submit" variant="contained" size="small" disabled={!floorValid}>
            {T.apply}
          </Button>
        </Box>
      </ConditionBar>
      <QueryContent query={result} failure={T.loadFailed}>
        {(data) => (
          <ChangesContent
            data={data}
            downloads={
              <Downloads>
                <CsvButton
                  save={() => downloadPrescriberChangesCsv(query)}
                  fallbackName="prescriber-changes.csv"
                />
                <XlsxButton
                  fetchFile={() => downloadPrescriberChangesXlsx(query)}
                  fallbackName="prescriber-changes.xlsx"
                />
              </Downloads>
            }
          />
        )}
      </QueryContent>
    </>
  );
}

function ChangesContent({
  data,
  downloads,
}: {
  data: PrescriberChangesResponse;
  downloads: ReactNode;
}) {
  if (data.stores.length === 0) {
    return <Typography color="text.secondary">{MESSAGES.noData}</Typography>;
  }
  const { current, yearAgo, previous } = data.periods;
  return (
    <>
      {data.notices.length > 0 && (
        <Section id="prescriber-notices" title={T.notices}>
          <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="prescriber-notices">
            {data.notices.map((n) => (
              <li key={`${n.storeCode} ${n.key}`}>
                <Typography variant="body2">
                  {n.storeName}：{n.text}
                </Typography>
              </li>
            ))}
          </Box>
        </Section>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {L.current} {periodText(current)} ／ {L.yearAgo} {periodText(yearAgo)} ／ {L.previous}{' '}
        {periodText(previous)}
      </Typography>
      {data.stores.map((store, i) => (
        <Section
          key={store.storeCode}
          id={`prescriber-store-${store.storeCode}`}
          title={store.name}
          action={i === 0 ? downloads : undefined}
        >
          {store.changes.length === 0 ? (
            <Typography color="text.secondary">{T.noChanges}</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={store.name}>
              <Table size="small" aria-label={`${store.name} ${route('PrescriberChanges').title!}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>{L.kind}</TableCell>
                    <TableCell>{L.institution}</TableCell>
                    <TableCell align="right">{`${L.sheets}（${L.current}）`}</TableCell>
                    <TableCell align="right">{`${L.sheets}（${L.yearAgo}）`}</TableCell>
                    <TableCell align="right">{`${L.sheets}（${L.previous}）`}</TableCell>
                    <TableCell align="right">{`売上（${L.current}）`}</TableCell>
                    <TableCell align="right">前年同期比</TableCell>
                    <TableCell align="right">前期比</TableCell>
                    <TableCell>{L.lastSeen}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {store.changes.map((c) => (
                    <TableRow key={`${c.kind}:${c.institutionCode}`}>
                      <TableCell>
                        <Chip
                          size="small"
                          label={PRESCRIBER_CHANGE_KINDS[c.kind]}
                          color={c.kind === 'falling' || c.kind === 'lost' ? 'warning' : 'default'}
                        />
                      </TableCell>
                      <TableCell component="th" scope="row">
                        {c.institutionName}
                      </TableCell>
                      <TableCell align="right">{formatNumber(c.current.sheets, 0)}枚</TableCell>
                      <TableCell align="right">{formatNumber(c.yearAgo.sheets, 0)}枚</TableCell>
                      <TableCell align="right">{formatNumber(c.previous.sheets, 0)}枚</TableCell>
                      <TableCell align="right">
                        {formatCompactNumber(c.current.salesYen)}円
                      </TableCell>
                      <TableCell align="right">{change(c.changeYearAgo)}</TableCell>
                      <TableCell align="right">{change(c.changePrevious)}</TableCell>
                      <TableCell>{c.lastSeen}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
            {T.openings}
          </Typography>
          {store.openings.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {T.noOpenings}
            </Typography>
          ) : (
            <Alert severity="info">
              {store.openings.map((o) => (
                <div key={o.facilityId}>
                  {o.name}（{o.address}、{T.distance} {formatNumber(o.distanceMeters, 0)}m、
                  {T.firstSeen} {o.firstSeenOn}）
                </div>
              ))}
            </Alert>
          )}
          <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
            {T.closings}
          </Typography>
          {store.closings.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {T.noClosings}
            </Typography>
          ) : (
            <Alert severity="warning">
              {store.closings.map((c) => (
                <div key={c.facilityId}>
                  {c.name}（{c.address}、{T.distance} {formatNumber(c.distanceMeters, 0)}m、
                  {T.lastSeen} {c.lastSeenOn}）
                </div>
              ))}
              <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
                {T.closingsNote}
              </Typography>
            </Alert>
          )}
        </Section>
      ))}
    </>
  );
}
