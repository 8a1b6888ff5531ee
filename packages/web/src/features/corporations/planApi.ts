import { corporationContracts, type PlanCode } from '@pharmalytics/domain';
import { call } from '../../api/index.ts';

export const planKeys = {
  current: ['corporations', 'servicePlan'] as const,
};

export function fetchServicePlan(): Promise<PlanCode> {
  return call(corporationContracts.servicePlan, {}).then((body) => body.plan);
}

export function changeServicePlan(plan: PlanCode): Promise<PlanCode> {
  return call(corporationContracts.changeServicePlan, { body: { plan } }).then((body) => body.plan);
}
