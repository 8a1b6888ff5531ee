import { route, type Layout, type RouteName } from '@pharmalytics/domain';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../components/index.ts';
import { useMember } from '../features/session/index.ts';
import { guardRoute } from './guard.ts';
import { MenulessLayout } from './layouts/MenulessLayout.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { appPath } from '../routes/paths.ts';
import { useRouteHandle } from './routeHandle.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

// The layouts with menus load after sign-in: the login route needs none of their header, menus
// and setup guide.
const MainLayout = lazy(() =>
  import('./layouts/MainLayout.tsx').then((m) => ({ default: m.MainLayout })),
);
const SettingLayout = lazy(() =>
  import('./layouts/SettingLayout.tsx').then((m) => ({ default: m.SettingLayout })),
);
const ProfileLayout = lazy(() =>
  import('./layouts/ProfileLayout.tsx').then((m) => ({ default: m.ProfileLayout })),
);

/** Screens of the menu-less layout drawn in the wider card. */
const WIDE_MENULESS: ReadonlySet<RouteName> = new Set(['Notice', 'NotFound', 'NewAccount']);

/**
 * The parent of every route of one layout: applies the route guard (spec 01 §4), sets the
 * page title and draws the layout around the page (or NotFound in place).
 */
export function LayoutGate({ layout }: { layout: Layout }) {
  const handle = useRouteHandle();
  const member = useMember();
  const def = handle?.def ?? route('NotFound');
  const decision = guardRoute(def, member, { isRoot: handle?.isRoot });
  const shown = decision.kind === 'notFound' ? route('NotFound') : def;
  useDocumentTitle(decision.kind === 'redirect' ? null : (shown.title ?? undefined));

  if (decision.kind === 'redirect') return <Navigate to={appPath(decision.to)} replace />;

  const notFound = decision.kind === 'notFound';
  const content = notFound ? (
    <NotFoundPage />
  ) : (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
  const current = def.name as RouteName;

  if (layout === 'menuless' || !member) {
    return (
      <MenulessLayout wide={WIDE_MENULESS.has(shown.name as RouteName)}>{content}</MenulessLayout>
    );
  }
  const framed =
    layout === 'main' ? (
      <MainLayout member={member} current={current} bypassSetupGuide={notFound}>
        {content}
      </MainLayout>
    ) : layout === 'setting' ? (
      <SettingLayout member={member} current={current}>
        {content}
      </SettingLayout>
    ) : (
      <ProfileLayout member={member} current={current}>
        {content}
      </ProfileLayout>
    );
  return <Suspense fallback={<PageLoader />}>{framed}</Suspense>;
}
