import { PLANS, ROUTES, type PlanCode } from '@pharmalytics/domain';

export interface PlanFeatures {
  /** Titles of the analysis screens open on the plan. */
  screens: string[];
  /** Those that the next lower plan does not have. */
  added: string[];
}

function analysisScreens(plan: PlanCode): string[] {
  return ROUTES.filter(
    (r) =>
      r.layout === 'main' &&
      'plans' in r &&
      (r.plans as readonly PlanCode[]).includes(plan) &&
      r.title !== undefined,
  ).map((r) => r.title);
}

/** What a plan opens, from the route table's plan lists (spec 01 §6). */
export function planFeatures(plan: PlanCode): PlanFeatures {
  const screens = analysisScreens(plan);
  const index = PLANS.findIndex((p) => p.code === plan);
  const lower = index > 0 ? new Set(analysisScreens(PLANS[index - 1]!.code)) : new Set<string>();
  return { screens, added: screens.filter((s) => !lower.has(s)) };
}
