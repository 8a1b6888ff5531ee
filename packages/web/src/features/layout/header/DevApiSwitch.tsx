import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isDevApiEnabled, setDevApiEnabled, subscribeDevApi } from '../../../api/index.ts';

/** system_admin: sends calls that have a /v2/ twin there instead of /v3/ (spec 01 §7). */
export function DevApiSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const enabled = useSyncExternalStore(subscribeDevApi, isDevApiEnabled, isDevApiEnabled);
  return (
    <FormControlLabel
      label={t('header.devApi')}
      sx={{
        mr: 0,
        '& .MuiFormControlLabel-label': { fontSize: 13, fontWeight: 600, whiteSpace: 'nowrap' },
      }}
      control={
        <Switch
          size="small"
          color="secondary"
          checked={enabled}
          sx={{
            '& .MuiSwitch-switchBase:not(.Mui-checked) + .MuiSwitch-track': {
              bgcolor: 'rgba(255, 255, 255, 0.45)',
              opacity: 1,
            },
          }}
          onChange={(_event, checked) => {
            setDevApiEnabled(checked);
            void queryClient.invalidateQueries();
          }}
        />
      }
    />
  );
}
