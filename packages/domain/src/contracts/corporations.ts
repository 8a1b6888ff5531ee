import { z } from 'zod';
import { INPUT_LIMITS } from '../constants.ts';
import { FIELD_LABELS } from '../messages.ts';
import { PLAN_CODES } from '../plans.ts';
import { corporationEditSchema } from '../schemas/corporation.ts';
import { decimalCode } from '../schemas/primitives.ts';
import { endpoint } from './endpoint.ts';
import { storeNameSchema, systemRoleSchema } from './members.ts';

const codeParams = z.object({
  code: decimalCode(FIELD_LABELS.corporationCode, INPUT_LIMITS.corporationCodeDigits),
});

/** A corporation as the browser sees it: snake_case, null for empty values (spec 01 §7). */
export const corporationSchema = z.object({
  corporation_code: z.string(),
  name: z.string(),
  plan: z.enum(PLAN_CODES),
  zip_code: z.string().nullable(),
  address: z.string().nullable(),
  building_name: z.string().nullable(),
  technical_person_name: z.string().nullable(),
  technical_person_tel: z.string().nullable(),
  technical_person_email: z.string().nullable(),
  billing_person_name: z.string().nullable(),
  billing_person_tel: z.string().nullable(),
  billing_person_email: z.string().nullable(),
});
export type Corporation = z.infer<typeof corporationSchema>;

export const servicePlanSchema = z.object({ plan: z.enum(PLAN_CODES) });

/** An enabled account of the account list. */
export const accountRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mail: z.string(),
  status: z.literal('enabled'),
  systemRole: systemRoleSchema,
  browsableStores: z.array(storeNameSchema),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

/** A pending invitation of the account list. */
export const invitingRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.literal('invitation'),
  systemRole: systemRoleSchema,
  expired: z.boolean(),
});
export type InvitingRow = z.infer<typeof invitingRowSchema>;

/** The account list: enabled members with their viewable stores, and pending invitations. */
export const accountListSchema = z.object({
  /** How many stores "all stores" stands for. */
  totalStoreCount: z.number().int(),
  members: z.array(accountRowSchema),
  invitingMembers: z.array(invitingRowSchema),
});
export type AccountList = z.infer<typeof accountListSchema>;

export const corporationContracts = {
  servicePlan: endpoint({
    method: 'GET',
    path: '/v2/corporations/service_plan',
    tag: 'corporations',
    summary: 'The current plan, for the plan-change page',
    responses: { 200: servicePlanSchema },
  }),
  changeServicePlan: endpoint({
    method: 'PATCH',
    path: '/v2/corporations/service_plan',
    tag: 'corporations',
    summary: 'Changes the plan of the caller’s corporation',
    body: servicePlanSchema,
    responses: { 200: servicePlanSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/v2/corporations/:code',
    tag: 'corporations',
    summary: 'The caller’s own corporation',
    params: codeParams,
    responses: { 200: corporationSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v2/corporations/:code',
    tag: 'corporations',
    summary: 'Edits the caller’s own corporation (its code cannot change)',
    params: codeParams,
    body: corporationEditSchema,
    responses: { 200: corporationSchema },
  }),
  members: endpoint({
    method: 'GET',
    path: '/v2/corporations/:code/members',
    tag: 'corporations',
    summary:
      'The account list: enabled members with their viewable stores, and pending invitations',
    params: codeParams,
    responses: { 200: accountListSchema },
  }),
};
