import type { PlanCode } from '@pharmalytics/domain';
import { api } from '../../api/index.ts';

export const planKeys = {
  current: ['corporations', 'servicePlan'] as const,
};

export function fetchServicePlan(): Promise<PlanCode> {
  return api.get<{ plan: PlanCode }>('/v2/corporations/service_plan').then((body) => body.plan);
}

export function changeServicePlan(plan: PlanCode): Promise<PlanCode> {
  return api
    .patch<{ plan: PlanCode }>('/v2/corporations/service_plan', { plan })
    .then((body) => body.plan);
}
