import { z } from 'zod';
import { FIELD_LABELS } from '../messages.ts';
import { ASSIGNABLE_ROLES } from '../roles.ts';
import { idParam, storeCodeList } from '../schemas/primitives.ts';
import { endpoint, noContentSchema } from './endpoint.ts';
import { memberSchema } from './members.ts';

const memberIdParams = z.object({ id: idParam(FIELD_LABELS.memberId) });

/** The viewable stores of a user-role member, by code in code order. */
export const viewableStoreCodesSchema = z.object({ storeCodes: z.array(z.string()) });
export type ViewableStoreCodes = z.infer<typeof viewableStoreCodesSchema>;

/** Account administration: role, viewable stores, deletion (spec 01 §4, §6). */
export const memberAdminContracts = {
  changeRole: endpoint({
    method: 'PATCH',
    path: '/v2/members/:id/role',
    tag: 'members',
    summary: 'Changes a member’s role: a user made admin sees every store, an admin made user none',
    params: memberIdParams,
    body: z.object({ system_role: z.enum(ASSIGNABLE_ROLES) }),
    responses: { 200: memberSchema },
  }),
  viewableStores: endpoint({
    method: 'GET',
    path: '/v2/members/:id/branches',
    tag: 'members',
    summary: 'The viewable stores of a user-role member',
    params: memberIdParams,
    responses: { 200: viewableStoreCodesSchema },
  }),
  setViewableStores: endpoint({
    method: 'PATCH',
    path: '/v2/members/:id/branches',
    tag: 'members',
    summary: 'Replaces the viewable stores of a user-role member; an empty list clears them',
    params: memberIdParams,
    body: z.object({ storeCodes: storeCodeList({ label: FIELD_LABELS.storeCode }) }),
    responses: { 200: viewableStoreCodesSchema },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v2/members/:id',
    tag: 'members',
    summary: 'Deletes an account for good (its sign-in too); deleting oneself ends the session',
    params: memberIdParams,
    responses: { 204: noContentSchema },
  }),
};
