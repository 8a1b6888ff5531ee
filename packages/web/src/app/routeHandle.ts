import type { RouteDef, RouteName } from '@pharmalytics/domain';
import { useMatches } from 'react-router';

/** Attached to every leaf route: its row of the domain route table. */
export interface RouteHandle {
  def: RouteDef;
  /** The root path '/', an alias of the dashboard. */
  isRoot?: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return Boolean(value && typeof value === 'object' && 'def' in value);
}

/** The handle of the deepest matched route. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

export function useCurrentRouteName(): RouteName | undefined {
  return useRouteHandle()?.def.name as RouteName | undefined;
}
