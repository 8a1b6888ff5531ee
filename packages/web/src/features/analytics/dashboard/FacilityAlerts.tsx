import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import CloseIcon from '@mui/icons-material/Close';
import { FACILITY_ALERT_TEXTS, MESSAGES, type FacilityAlert } from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { isSessionExpiry } from '../../../api/index.ts';
import { appPath } from '../../../routes/paths.ts';
import { enqueueSnackbar } from '../../../components/index.ts';
import { dismissFacilityAlert, facilityAlertKeys, fetchFacilityAlerts } from './api.ts';

/**
 * The 施設基準 alerts of an administrator's stores above the dashboard's cards, one per store and
 * rule; closing one records the dismissal, so it stays closed.
 */
export function FacilityAlerts() {
  const queryClient = useQueryClient();
  const alerts = useQuery({
    queryKey: facilityAlertKeys.all,
    queryFn: ({ signal }) => fetchFacilityAlerts(signal),
  });
  const dismiss = useMutation({
    mutationFn: dismissFacilityAlert,
    onMutate: async (alert: FacilityAlert) => {
      await queryClient.cancelQueries({ queryKey: facilityAlertKeys.all });
      const before = queryClient.getQueryData<FacilityAlert[]>(facilityAlertKeys.all);
      queryClient.setQueryData<FacilityAlert[]>(facilityAlertKeys.all, (list) =>
        list?.filter((a) => a.key !== alert.key || a.storeCode !== alert.storeCode),
      );
      return { before };
    },
    onError: (error, _alert, context) => {
      if (context?.before) queryClient.setQueryData(facilityAlertKeys.all, context.before);
      if (!isSessionExpiry(error)) enqueueSnackbar(MESSAGES.unexpected, 'error');
    },
  });

  const list = alerts.data ?? [];
  if (list.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={FACILITY_ALERT_TEXTS.heading}
      sx={{ display: 'grid', gap: 1, mb: 2 }}
    >
      {list.map((alert) => (
        <Alert
          key={`${alert.storeCode} ${alert.key}`}
          severity={alert.kind === 'crossing' ? 'warning' : 'info'}
          action={
            <IconButton
              aria-label={FACILITY_ALERT_TEXTS.close}
              color="inherit"
              size="small"
              onClick={() => dismiss.mutate(alert)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          }
        >
          {alert.message}{' '}
          <Link component={RouterLink} to={appPath('FacilityStandards')} color="inherit">
            {FACILITY_ALERT_TEXTS.link}
          </Link>
        </Alert>
      ))}
    </Box>
  );
}
