import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { RouteName } from '@pharmalytics/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../api/index.ts';
import { PageLoader } from '../../components/index.ts';
import { memberCan, standingOf } from '@pharmalytics/domain';
import { setMember } from '../../features/session/index.ts';
import { deviceKeys, fetchClientDevices } from '../../features/devices/index.ts';
import { AppHeader, headerHeight, MainMenu, SetupGuide } from '../../features/layout/index.ts';
import { fetchMember, memberKeys } from '../../features/members/index.ts';
import { fetchStores, storeKeys, visibleStores } from '../../features/stores/index.ts';
import { AppFrame } from './AppFrame.tsx';
import { useCompactLayout } from './useCompactLayout.ts';

const EXPANDED_KEY = 'pharmalytics.menuExpanded';
const NAV_ID = 'main-side-menu';

function useMenuExpanded(): [boolean, () => void] {
  const [expanded, setExpanded] = useState(() => localStorage.getItem(EXPANDED_KEY) !== '0');
  const toggle = () =>
    setExpanded((value) => {
      localStorage.setItem(EXPANDED_KEY, value ? '0' : '1');
      return !value;
    });
  return [expanded, toggle];
}

export interface MainLayoutProps {
  member: Member;
  current: RouteName | undefined;
  /** Content that replaces the page regardless of the setup state (NotFound). */
  bypassSetupGuide?: boolean;
  children: ReactNode;
}

/** Header, collapsible side menu, content; the setup guide while uninitialised (spec 01 §4). */
export function MainLayout({ member, current, bypassSetupGuide, children }: MainLayoutProps) {
  const { t } = useTranslation();
  const [expanded, toggle] = useMenuExpanded();
  const compact = useCompactLayout();
  const stores = useQuery({ queryKey: storeKeys.all, queryFn: fetchStores });
  const devices = useQuery({ queryKey: deviceKeys.all, queryFn: fetchClientDevices });
  const fresh = useQuery({
    queryKey: memberKeys.detail(member.id),
    queryFn: () => fetchMember(member.id),
  });

  useEffect(() => {
    if (fresh.data) setMember(fresh.data);
  }, [fresh.data]);

  const role = member.systemRole.name;
  let content: ReactNode = children;
  if (!bypassSetupGuide) {
    if (stores.isPending || devices.isPending) {
      content = <PageLoader minHeight="60vh" />;
    } else if (stores.isError || devices.isError) {
      content = (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void stores.refetch();
                void devices.refetch();
              }}
            >
              {t('common.retry')}
            </Button>
          }
        >
          {t('setupGuide.loadFailed')}
        </Alert>
      );
    } else {
      const hasStores =
        visibleStores(stores.data, standingOf(member), member.browsableStores).length > 0;
      const hasDevices = devices.data.length > 0;
      if (!hasStores || !hasDevices) {
        content = (
          <SetupGuide
            administers={memberCan(member, 'administer')}
            hasStores={hasStores}
            hasDevices={hasDevices}
          />
        );
      }
    }
  }

  return (
    <AppFrame
      headerHeight={headerHeight(member)}
      header={(menuToggle) => <AppHeader member={member} menuToggle={menuToggle} />}
      navId={NAV_ID}
      navWidth={expanded ? 248 : 72}
      wideToggle={{
        expanded,
        onToggle: toggle,
        controls: NAV_ID,
        label: t('header.toggleMenu'),
      }}
      nav={
        <MainMenu
          // In the drawer of small screens the menu always shows its labels.
          expanded={expanded || compact}
          plan={member.corporation.plan.code}
          role={role}
          current={current}
        />
      }
    >
      {content}
    </AppFrame>
  );
}
