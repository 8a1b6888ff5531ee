import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import {
  noticePeriod,
  PRESCRIBER_NOTICE_LABELS as N,
  todayInJapan,
  type PrescriberNotice,
} from '@pharmalytics/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { appPath } from '../../routes/paths.ts';
import { fetchPrescriberChanges, prescriberChangeKeys } from './api.ts';

const CLOSED_KEY = 'pharmalytics.closedPrescriberNotices';

const closedNotices = (): string[] => {
  try {
    return JSON.parse(localStorage.getItem(CLOSED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};
const noticeId = (n: PrescriberNotice) => `${n.storeCode}:${n.text}`;

/**
 * The strongest prescriber changes of the last three whole months above the dashboard's cards,
 * for administrators of the advanced plan; closing one keeps it closed in this browser.
 */
export function PrescriberNotices() {
  const query = { ...noticePeriod(todayInJapan()), storeCodes: '' };
  const changes = useQuery({
    queryKey: prescriberChangeKeys.changes(query),
    queryFn: ({ signal }) => fetchPrescriberChanges(query, signal),
    staleTime: 300_000,
  });
  const [closed, setClosed] = useState<string[]>(closedNotices);
  const list = (changes.data?.notices ?? []).filter((n) => !closed.includes(noticeId(n)));
  if (list.length === 0) return null;
  const close = (n: PrescriberNotice) => {
    const next = [...closed, noticeId(n)];
    localStorage.setItem(CLOSED_KEY, JSON.stringify(next.slice(-200)));
    setClosed(next);
  };
  return (
    <Box
      component="section"
      aria-label={N.heading}
      sx={{ display: 'grid', gap: 1, mb: 2 }}
      data-testid="prescriber-notices-dashboard"
    >
      {list.map((n) => (
        <Alert
          key={noticeId(n)}
          severity={n.kind === 'opening' ? 'info' : 'warning'}
          action={
            <IconButton aria-label={N.close} color="inherit" size="small" onClick={() => close(n)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          }
        >
          {n.storeName}：{n.text}{' '}
          <Link component={RouterLink} to={appPath('PrescriberChanges')} color="inherit">
            {N.link}
          </Link>
        </Alert>
      ))}
    </Box>
  );
}
