import { describe, expect, it } from 'vitest';
import { mainMenuModel } from './mainMenu.ts';
import { isSettingItemActive, settingMenuItems } from './settingMenuItems.ts';

describe('settingMenuItems', () => {
  it('offers plan change to system_admin only', () => {
    const routes = (role: 'admin' | 'user' | 'system_admin') =>
      settingMenuItems({ role, plan: 'advanced' }).map((i) => i.route);
    expect(routes('admin')).not.toContain('CorporationServicePlanSelectSetting');
    expect(routes('user')).not.toContain('CorporationServicePlanSelectSetting');
    expect(routes('system_admin')).toContain('CorporationServicePlanSelectSetting');
    expect(routes('admin')).toEqual([
      'Corporation',
      'AccountList',
      'PharmacySetting',
      'InitialSetup',
    ]);
  });

  it('activates list items on their detail routes', () => {
    const [, accounts, stores] = settingMenuItems({ role: 'admin', plan: 'advanced' });
    expect(isSettingItemActive(accounts!, 'AccountDetail')).toBe(true);
    expect(isSettingItemActive(accounts!, 'AccountList')).toBe(true);
    expect(isSettingItemActive(stores!, 'PharmacyDetailSetting')).toBe(true);
    expect(isSettingItemActive(stores!, 'AccountDetail')).toBe(false);
  });
});

describe('mainMenuModel', () => {
  it('locks what the free plan does not include', () => {
    const { top, groups } = mainMenuModel('free', 'admin', 'DispensingPharmacy');
    expect(top.locked).toBe(true);
    const items = groups.flatMap((g) => g.items);
    const open = items.filter((i) => !i.locked).map((i) => i.route);
    expect(open).toEqual([
      'DispensingPharmacy',
      'Timeslot',
      'DispensingFeeScore',
      'Clinic',
      'InsuranceType',
    ]);
    expect(groups.find((g) => g.id === 'seller')?.active).toBe(true);
  });

  it('opens everything on the advanced plan', () => {
    const { top, groups } = mainMenuModel('advanced', 'user', 'Dashboard');
    expect(top.locked).toBe(false);
    expect(top.active).toBe(true);
    expect(groups.flatMap((g) => g.items).every((i) => !i.locked)).toBe(true);
    expect(groups).toHaveLength(6);
  });

  it('marks indented items', () => {
    const { groups } = mainMenuModel('basic', 'admin', undefined);
    const timeslot = groups.flatMap((g) => g.items).find((i) => i.route === 'Timeslot');
    expect(timeslot?.indent).toBe(true);
    expect(timeslot?.locked).toBe(false);
  });
});
