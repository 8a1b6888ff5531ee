import { can, SETTING_MENU, type RouteName, type Standing } from '@pharmalytics/domain';

export type SettingMenuEntry = (typeof SETTING_MENU)[number];

/** Settings menu items for a member: an item of a capability only for those who have it. */
export function settingMenuItems(who: Standing): SettingMenuEntry[] {
  return SETTING_MENU.filter((item) => !('capability' in item) || can(who, item.capability));
}

/** Whether an item is active on the current route (detail routes activate their list). */
export function isSettingItemActive(item: SettingMenuEntry, current: RouteName): boolean {
  if (item.route === current) return true;
  return 'activeOn' in item && (item.activeOn as readonly RouteName[]).includes(current);
}
