import {
  homeRouteName,
  PRODUCT_NAME,
  route,
  routePath,
  WEB_BASE_PATH,
  type PlanCode,
  type RouteName,
} from '@pharmalytics/domain';

/** The router's basename: the web base path without its trailing slash ('/service'). */
export const ROUTER_BASENAME = WEB_BASE_PATH.replace(/\/$/, '');

/** A route's path inside the router (below the basename), e.g. '/dashboard'. */
export function appPath(name: RouteName, params?: Record<string, string | number>): string {
  return routePath(name, params).slice(ROUTER_BASENAME.length);
}

/** Where the logo, the dashboard entry and a successful login lead for this plan. */
export function homePath(plan: PlanCode): string {
  return appPath(homeRouteName(plan));
}

/** A route's title from the route table (menus and headings reuse it). */
export function routeTitle(name: RouteName): string {
  return route(name).title ?? PRODUCT_NAME;
}
