import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  SETTING_MENU_DASHBOARD_LABEL,
  type PlanCode,
  type RoleName,
  type RouteName,
} from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appPath, homePath } from '../../../routes/paths.ts';
import { SettingMenuIcon } from './menuIcons.tsx';
import { isSettingItemActive, settingMenuItems } from './settingMenuItems.ts';
import { SideMenuList } from './SideMenuList.tsx';

/** The settings side menu (spec 01 §2), with a dashboard entry that goes home by plan. */
export function SettingMenu({
  plan,
  role,
  current,
}: {
  plan: PlanCode;
  role: RoleName;
  current: RouteName | undefined;
}) {
  const { t } = useTranslation();
  const entries = settingMenuItems({ role, plan }).map((item) => ({
    key: item.route,
    label: item.label,
    to: appPath(item.route),
    icon: <SettingMenuIcon route={item.route} fontSize="small" />,
    active: current !== undefined && isSettingItemActive(item, current),
  }));
  return (
    <SideMenuList
      label={t('sideMenu.settingLabel')}
      heading={t('sideMenu.settingHeading')}
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
