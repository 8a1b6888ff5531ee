import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { MESSAGES, planByCode } from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionExpiry } from '../../api/index.ts';
import { routeTitle } from '../../routes/paths.ts';
import { enqueueSnackbar, PageHeading } from '../../components/index.ts';
import { memberCan } from '@pharmalytics/domain';
import { InfoCard } from '../../components/settings/index.ts';
import { setMember, useSignedInMember } from '../session/index.ts';
import { fetchMember, memberKeys } from '../members/index.ts';
import { updatePersonalSettings } from './api.ts';

/** Personal settings: the monthly dashboard report, saved on change (spec 01 §2). */
export function PersonalSettingPage() {
  const { t } = useTranslation();
  const member = useSignedInMember();
  const queryClient = useQueryClient();
  const hintId = useId();
  const noteId = useId();
  const fresh = useQuery({
    queryKey: memberKeys.detail(member.id),
    queryFn: () => fetchMember(member.id),
  });
  useEffect(() => {
    if (fresh.data) setMember(fresh.data);
  }, [fresh.data]);

  const save = useMutation({
    mutationFn: updatePersonalSettings,
    // A member fetch still under way would answer the old setting after this save.
    onMutate: () => queryClient.cancelQueries({ queryKey: memberKeys.detail(member.id) }),
    onSuccess: (updated) => {
      setMember(updated);
      queryClient.setQueryData(memberKeys.detail(updated.id), updated);
      enqueueSnackbar(MESSAGES.personalSettingsUpdated, 'success');
    },
    onError: (error) => {
      if (!isSessionExpiry(error)) enqueueSnackbar(MESSAGES.unexpected);
    },
  });

  // The report is a feature of the paid plans: on the free plan the setting is shown disabled.
  const receives = memberCan(member, 'receiveDashboardReport');
  const checked = save.isPending ? save.variables.sendReportAllowed : member.sendReportAllowed;

  return (
    <Box component="section" aria-labelledby="personal-setting-heading" sx={{ maxWidth: 720 }}>
      <PageHeading id="personal-setting-heading" title={routeTitle('PersonalSetting')} />
      <InfoCard title={t('personalSetting.mail')}>
        <Box sx={{ px: 3, py: 2.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <FormControlLabel
              disabled={!receives || save.isPending}
              control={
                <Checkbox
                  checked={checked}
                  onChange={(event) => save.mutate({ sendReportAllowed: event.target.checked })}
                  slotProps={{
                    input: {
                      'aria-describedby': receives ? hintId : `${hintId} ${noteId}`,
                    },
                  }}
                />
              }
              label={t('personalSetting.report')}
              sx={{ mr: 0 }}
            />
            {save.isPending && <CircularProgress size={18} aria-label={t('common.loading')} />}
          </Box>
          <Typography
            id={hintId}
            variant="body2"
            color="text.secondary"
            sx={{ ml: 4, mt: 0.5, lineHeight: 1.8 }}
          >
            {t('personalSetting.reportHint')}
          </Typography>
          {!receives && (
            <Alert id={noteId} severity="info" variant="outlined" sx={{ mt: 2.5 }}>
              {t('personalSetting.freePlan', {
                free: planByCode('free')?.name,
                basic: planByCode('basic')?.name,
                advanced: planByCode('advanced')?.name,
              })}
            </Alert>
          )}
        </Box>
      </InfoCard>
    </Box>
  );
}
