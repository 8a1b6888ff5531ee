import type { RouteName } from '@pharmalytics/domain';
import type { ReactNode } from 'react';
import type { Member } from '../../api/index.ts';
import { AppHeader, headerHeight, SettingMenu } from '../../features/layout/index.ts';
import { AppFrame } from './AppFrame.tsx';

/** Header and the settings side menu. */
export function SettingLayout({
  member,
  current,
  children,
}: {
  member: Member;
  current: RouteName | undefined;
  children: ReactNode;
}) {
  return (
    <AppFrame
      headerHeight={headerHeight(member)}
      header={(menuToggle) => <AppHeader member={member} menuToggle={menuToggle} />}
      navWidth={240}
      nav={
        <SettingMenu
          plan={member.corporation.plan.code}
          role={member.systemRole.name}
          current={current}
        />
      }
    >
      {children}
    </AppFrame>
  );
}
