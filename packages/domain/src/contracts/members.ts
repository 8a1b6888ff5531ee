import { z } from 'zod';
import { PLAN_CODES } from '../plans.ts';
import { ROLE_NAMES } from '../roles.ts';
import { FIELD_LABELS } from '../messages.ts';
import { corporationCodeSchema } from '../schemas/corporation.ts';
import { idParam } from '../schemas/primitives.ts';
import { endpoint } from './endpoint.ts';

export const storeNameSchema = z.object({ storeCode: z.string(), name: z.string() });
export type BrowsableStore = z.infer<typeof storeNameSchema>;

/** The browsable stores as area > prefecture > store. */
export const storeTreeSchema = z.array(
  z.object({
    areaName: z.string(),
    prefectures: z.array(
      z.object({
        prefectureId: z.number().int(),
        name: z.string(),
        stores: z.array(storeNameSchema),
      }),
    ),
  }),
);
export type StoreTree = z.infer<typeof storeTreeSchema>;

export const systemRoleSchema = z.object({
  id: z.number().int(),
  name: z.enum(ROLE_NAMES),
  publicName: z.string(),
});

/** A member as the browser sees it (spec 01 §3, Member). */
export const memberSchema = z.object({
  id: z.number().int(),
  publicName: z.string(),
  searchName: z.string().nullable(),
  email: z.string(),
  systemRole: systemRoleSchema,
  sendReportAllowed: z.boolean(),
  /** yyyy-MM-dd */
  serviceAgreedOn: z.string().nullable(),
  /** yyyy-MM-dd */
  privacyPolicyAgreedOn: z.string().nullable(),
  corporation: z.object({
    id: z.number().int(),
    name: z.string(),
    corporationCode: z.string(),
    plan: z.object({ id: z.number().int(), code: z.enum(PLAN_CODES), name: z.string() }),
  }),
  browsableStores: z.array(storeNameSchema),
  /** Identity-service account id. */
  cipUserId: z.string(),
  status: z.literal('enabled'),
  branches: storeTreeSchema,
});
export type Member = z.infer<typeof memberSchema>;
export type SystemRole = Member['systemRole'];

const memberIdParams = z.object({ id: idParam(FIELD_LABELS.memberId) });

export const memberContracts = {
  get: endpoint({
    method: 'GET',
    path: '/v2/members/:id',
    tag: 'members',
    summary: 'A member of the caller’s own corporation',
    params: memberIdParams,
    responses: { 200: memberSchema },
  }),
  agree: endpoint({
    method: 'PATCH',
    path: '/v2/members/agreement',
    tag: 'members',
    summary: 'Records today’s agreement to the terms of service and the privacy policy',
    responses: { 200: memberSchema },
  }),
  moveCorporation: endpoint({
    method: 'PUT',
    path: '/v2/members/:id/corporations',
    tag: 'members',
    summary: 'A system administrator moves itself to another corporation, found by its code',
    params: memberIdParams,
    body: corporationCodeSchema,
    responses: { 200: memberSchema },
  }),
};
