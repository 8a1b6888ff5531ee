import type { RouteName } from '@pharmalytics/domain';
import type { ReactNode } from 'react';
import type { Member } from '../../api/index.ts';
import { AppHeader, headerHeight, ProfileMenu } from '../../features/layout/index.ts';
import { AppFrame } from './AppFrame.tsx';

/** Header and a small side menu (profile, personal settings). */
export function ProfileLayout({
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
      nav={<ProfileMenu plan={member.corporation.plan.code} current={current} />}
    >
      {children}
    </AppFrame>
  );
}
