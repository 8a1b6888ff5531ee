import {
  isRouteAllowed,
  MAIN_MENU_GROUPS,
  MAIN_MENU_TOP,
  route,
  type PlanCode,
  type RoleName,
  type RouteName,
} from '@pharmalytics/domain';

export interface MainMenuItemState {
  route: RouteName;
  label: string;
  indent: boolean;
  /** Not in the member's plan: shown with a lock, not clickable. */
  locked: boolean;
  active: boolean;
}

export interface MainMenuGroupState {
  id: string;
  label: string;
  items: MainMenuItemState[];
  /** The current route is one of the group's items. */
  active: boolean;
}

function itemState(
  name: RouteName,
  label: string,
  indent: boolean,
  plan: PlanCode,
  role: RoleName,
  current: RouteName | undefined,
): MainMenuItemState {
  return {
    route: name,
    label,
    indent,
    locked: !isRouteAllowed(route(name), plan, role),
    active: name === current,
  };
}

/** The main side menu for a member: the dashboard, then the five groups (spec 01 §2). */
export function mainMenuModel(plan: PlanCode, role: RoleName, current: RouteName | undefined) {
  const top = itemState(MAIN_MENU_TOP.route, MAIN_MENU_TOP.label, false, plan, role, current);
  const groups: MainMenuGroupState[] = MAIN_MENU_GROUPS.map((group) => {
    const items = group.items.map((item) =>
      itemState(item.route, item.label, 'indent' in item && item.indent, plan, role, current),
    );
    return { id: group.id, label: group.label, items, active: items.some((i) => i.active) };
  });
  return { top, groups };
}
