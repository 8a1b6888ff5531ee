import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LocalHospitalOutlinedIcon from '@mui/icons-material/LocalHospitalOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PieChartOutlineIcon from '@mui/icons-material/PieChartOutlineOutlined';
import SettingsSuggestOutlinedIcon from '@mui/icons-material/SettingsSuggestOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { RouteName } from '@pharmalytics/domain';
import type { ComponentType } from 'react';

const GROUP_ICONS: Record<string, ComponentType<SvgIconProps>> = {
  seller: StorefrontOutlinedIcon,
  'sales-category': PieChartOutlineIcon,
  inflow: LocalHospitalOutlinedIcon,
  patient: PeopleAltOutlinedIcon,
  area: MapOutlinedIcon,
  'facility-standards': FactCheckOutlinedIcon,
};

export function GroupIcon({ group, ...props }: { group: string } & SvgIconProps) {
  const Icon = GROUP_ICONS[group] ?? AccountTreeOutlinedIcon;
  return <Icon {...props} />;
}

export function DashboardIcon(props: SvgIconProps) {
  return <DashboardOutlinedIcon {...props} />;
}

const SETTING_ICONS: Partial<Record<RouteName, ComponentType<SvgIconProps>>> = {
  Corporation: BusinessOutlinedIcon,
  AccountList: GroupsOutlinedIcon,
  PharmacySetting: StorefrontOutlinedIcon,
  InitialSetup: SettingsSuggestOutlinedIcon,
  CorporationServicePlanSelectSetting: WorkspacePremiumOutlinedIcon,
};

export function SettingMenuIcon({ route, ...props }: { route: RouteName } & SvgIconProps) {
  const Icon = SETTING_ICONS[route] ?? AccountTreeOutlinedIcon;
  return <Icon {...props} />;
}
