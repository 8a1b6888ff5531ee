import { SETTING_MENU, type RoleName, type RouteName } from '@pharmalytics/domain';

export type SettingMenuEntry = (typeof SETTING_MENU)[number];

/** Settings menu items for a role: plan change is for system_admin only. */
export function settingMenuItems(role: RoleName): SettingMenuEntry[] {
  return SETTING_MENU.filter(
    (item) => !('systemAdminOnly' in item && item.systemAdminOnly) || role === 'system_admin',
  );
}

/** Whether an item is active on the current route (detail routes activate their list). */
export function isSettingItemActive(item: SettingMenuEntry, current: RouteName): boolean {
  if (item.route === current) return true;
  return 'activeOn' in item && (item.activeOn as readonly RouteName[]).includes(current);
}
