/** Service plans (spec 01 §3, §9). */
export const PLANS = [
  { id: 1, code: 'free', name: 'フリープラン' },
  { id: 2, code: 'basic', name: 'ベーシックプラン' },
  { id: 3, code: 'advanced', name: 'アドバンストプラン' },
] as const;

export type Plan = (typeof PLANS)[number];
export type PlanCode = Plan['code'];
export type PlanId = Plan['id'];

export const PLAN_CODES = PLANS.map((p) => p.code) as [PlanCode, ...PlanCode[]];

export function planById(id: number): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export function planByCode(code: string): Plan | undefined {
  return PLANS.find((p) => p.code === code);
}

/** Plans from the given one upwards: access granted on a plan holds on every higher plan. */
export function plansFrom(code: PlanCode): PlanCode[] {
  const start = PLANS.findIndex((p) => p.code === code);
  return PLANS.slice(start).map((p) => p.code);
}
