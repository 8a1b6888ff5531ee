import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SETTING_MENU_DASHBOARD_LABEL, type PlanCode, type RouteName } from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appPath, homePath, routeTitle } from '../../../routes/paths.ts';
import { SideMenuList } from './SideMenuList.tsx';

/** The profile layout's side menu: profile and personal settings. */
export function ProfileMenu({ plan, current }: { plan: PlanCode; current: RouteName | undefined }) {
  const { t } = useTranslation();
  const entries = [
    {
      key: 'Profile',
      label: routeTitle('Profile'),
      to: appPath('Profile'),
      icon: <PersonOutlineIcon fontSize="small" />,
      active: current === 'Profile',
    },
    {
      key: 'PersonalSetting',
      label: routeTitle('PersonalSetting'),
      to: appPath('PersonalSetting'),
      icon: <TuneIcon fontSize="small" />,
      active: current === 'PersonalSetting',
    },
  ];
  return (
    <SideMenuList
      label={t('sideMenu.profileLabel')}
      heading={t('sideMenu.profileHeading')}
      entries={entries}
      footer={
        <Box sx={{ px: 2, pb: 1 }}>
          <Button
            component={RouterLink}
            to={homePath(plan)}
            startIcon={<ArrowBackIcon />}
            size="small"
            sx={{ fontWeight: 600 }}
          >
            {SETTING_MENU_DASHBOARD_LABEL}
          </Button>
        </Box>
      }
    />
  );
}
