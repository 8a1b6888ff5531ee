import { planExports, PLANS, ROUTES, type PlanCode } from '@pharmalytics/domain';

export interface PlanFeatures {
  /** Titles of the analysis screens open on the plan. */
  screens: string[];
  /** Those that the next lower plan does not have. */
  added: string[];
  /** The file exports (CSV, Excel, PDF) the plan adds to the next lower plan's. */
  addedExports: string[];
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

/** What a plan opens, from the route table's plan lists (spec 01 §6) and the export capabilities. */
export function planFeatures(plan: PlanCode): PlanFeatures {
  const screens = analysisScreens(plan);
  const index = PLANS.findIndex((p) => p.code === plan);
  const lowerPlan = index > 0 ? PLANS[index - 1]!.code : null;
  const lower = new Set(lowerPlan ? analysisScreens(lowerPlan) : []);
  const lowerExports = new Set(lowerPlan ? planExports(lowerPlan) : []);
  return {
    screens,
    added: screens.filter((s) => !lower.has(s)),
    addedExports: planExports(plan).filter((e) => !lowerExports.has(e)),
  };
}
