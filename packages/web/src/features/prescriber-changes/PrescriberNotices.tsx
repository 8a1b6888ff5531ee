import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import {
  MESSAGES,
  PRESCRIBER_NOTICE_LABELS as N,
  type PrescriberNotice,
  type PrescriberNoticesResponse,
} from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { isSessionExpiry } from '../../api/index.ts';
import { enqueueSnackbar } from '../../components/index.ts';
import { appPath } from '../../routes/paths.ts';
import { dismissPrescriberNotice, fetchPrescriberNotices, prescriberChangeKeys } from './api.ts';

const sameNotice = (a: PrescriberNotice, b: PrescriberNotice) =>
  a.storeCode === b.storeCode && a.key === b.key;

/**
 * The strongest prescriber changes of the last three whole months above the dashboard's cards,
 * for the members who follow them (administrators of the advanced plan); closing one records the
 * dismissal on the server, so it stays closed for that member wherever it signs in.
 */
export function PrescriberNotices() {
  const queryClient = useQueryClient();
  const key = prescriberChangeKeys.notices;
  const notices = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchPrescriberNotices(signal),
    staleTime: 300_000,
  });
  const dismiss = useMutation({
    mutationFn: dismissPrescriberNotice,
    onMutate: async (notice: PrescriberNotice) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PrescriberNoticesResponse>(key);
      queryClient.setQueryData<PrescriberNoticesResponse>(key, (data) =>
        data ? { ...data, notices: data.notices.filter((n) => !sameNotice(n, notice)) } : data,
      );
      return { before };
    },
    onError: (error, _notice, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      if (!isSessionExpiry(error)) enqueueSnackbar(MESSAGES.unexpected, 'error');
    },
    // The next notice, if any, takes the closed one's place.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const list = notices.data?.notices ?? [];
  if (list.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={N.heading}
      sx={{ display: 'grid', gap: 1, mb: 2 }}
      data-testid="prescriber-notices-dashboard"
    >
      {list.map((n) => (
        <Alert
          key={`${n.storeCode} ${n.key}`}
          severity={n.kind === 'opening' || n.kind === 'closing' ? 'info' : 'warning'}
          action={
            <IconButton
              aria-label={N.close}
              color="inherit"
              size="small"
              onClick={() => dismiss.mutate(n)}
            >
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
