import { route, ROUTES, type Layout, type RouteDef } from '@pharmalytics/domain';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { LayoutGate } from './LayoutGate.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { ROUTER_BASENAME } from '../routes/paths.ts';
import type { RouteHandle } from './routeHandle.ts';
import { RoutePage } from './RoutePage.tsx';

const LAYOUTS: readonly Layout[] = ['menuless', 'main', 'setting', 'profile'];

function leaf(def: RouteDef, extra: Partial<RouteHandle> = {}): RouteObject {
  const handle: RouteHandle = { def, ...extra };
  return def.path === '' || extra.isRoot
    ? { index: true, handle, element: <RoutePage def={def} /> }
    : { path: def.path, handle, element: <RoutePage def={def} /> };
}

/** Every route of the domain table, grouped under its layout; '/' is the dashboard. */
export function buildRoutes(): RouteObject[] {
  const layoutRoutes = LAYOUTS.map((layout): RouteObject => ({
    element: <LayoutGate layout={layout} />,
    children: [
      ...(layout === 'main' ? [leaf(route('Dashboard'), { isRoot: true })] : []),
      ...ROUTES.filter((def) => def.layout === layout).map((def) => leaf(def)),
    ],
  }));
  return [
    {
      element: (
        <>
          <ScrollRestoration />
          <Outlet />
        </>
      ),
      errorElement: <RouteErrorPage />,
      children: layoutRoutes,
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { basename: ROUTER_BASENAME });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
