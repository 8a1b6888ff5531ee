import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { memberCan } from '@pharmalytics/domain';
import { appPath, routeTitle } from '../../routes/paths.ts';
import { useSignedInMember } from '../session/index.ts';

/** Whether the signed-in member may open the 施設基準 settings (administrators). */
export function useSettingsAllowed(): boolean {
  return memberCan(useSignedInMember(), 'administerFacilityStandards');
}

/** The way to the 施設基準 settings, for the members the route lets in (administrators). */
export function SettingsLink() {
  const allowed = useSettingsAllowed();
  if (!allowed) return null;
  return (
    <Button
      component={RouterLink}
      to={appPath('FacilityStandardsSettings')}
      variant="outlined"
      startIcon={<SettingsOutlinedIcon />}
    >
      {routeTitle('FacilityStandardsSettings')}
    </Button>
  );
}
