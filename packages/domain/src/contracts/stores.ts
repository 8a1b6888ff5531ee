import { z } from 'zod';
import { GEOCODE_LEVELS } from '../constants.ts';
import { FIELD_LABELS } from '../messages.ts';
import { storeCodeParamsSchema, storeDeleteSchema, storeFormSchema } from '../schemas/store.ts';
import { boundedText, idParam } from '../schemas/primitives.ts';
import { endpoint, noContentSchema } from './endpoint.ts';
import { systemRoleSchema } from './members.ts';

/** Body of POST /v3/branches and PUT /v3/branches/{storeCode}: the form, and a pin if placed. */
export const storeBodySchema = storeFormSchema.extend({
  /** A pin placed by hand; without it the server geocodes the address. */
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  // The composed address the form shows; the columns above are what is stored.
  address: boundedText({ label: FIELD_LABELS.address }).optional(),
});
export type StoreBody = z.input<typeof storeBodySchema>;

/** The uploader's credentials of a store. */
export const clientDeviceUserSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  plainTextPassword: z.string(),
});
export type ClientDeviceUser = z.infer<typeof clientDeviceUserSchema>;

/** A store as the browser sees it (spec 01 §3, Store). */
export const storeSchema = z.object({
  id: z.number().int(),
  storeCode: z.string(),
  name: z.string(),
  prefecture: z.object({ id: z.number().int(), name: z.string(), areaName: z.string() }),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  block: z.string().nullable(),
  buildingName: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  insuranceInstitutionCode: z.string().nullable(),
  managementPharmacistName: z.string().nullable(),
  tel: z.string().nullable(),
  /** How the coordinates were found: the form's pin, or geocoded from the address. */
  geocodeLevel: z.enum(GEOCODE_LEVELS).nullable(),
  contractStatus: z.enum(['active', 'inactive']),
  connected: z.boolean(),
  /** The uploader's credentials; null for role user. */
  clientDeviceUser: clientDeviceUserSchema.nullable(),
});
export type Store = z.infer<typeof storeSchema>;

/** A member who can see a store. */
export const storeMemberSchema = z.object({
  id: z.number().int(),
  publicName: z.string(),
  email: z.string(),
  systemRole: systemRoleSchema,
});
export type StoreMember = z.infer<typeof storeMemberSchema>;

export const storeContracts = {
  list: endpoint({
    method: 'GET',
    path: '/v3/branches',
    tag: 'stores',
    summary: 'Stores the caller may see; active ones unless includeInactive=true',
    query: z.object({ includeInactive: z.stringbool().default(false) }),
    responses: { 200: z.array(storeSchema) },
  }),
  checkSetups: endpoint({
    method: 'GET',
    path: '/v3/branches/check_setups',
    tag: 'stores',
    summary: 'How many active stores have an uploader that has not contacted the service yet',
    responses: { 200: z.object({ count: z.number().int() }) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/v3/branches/:storeCode',
    tag: 'stores',
    summary: 'A store the caller may see',
    params: storeCodeParamsSchema,
    responses: { 200: storeSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/v3/branches',
    tag: 'stores',
    summary: 'Registers a store and gives it uploader credentials',
    body: storeBodySchema,
    responses: { 201: storeSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v3/branches/:storeCode',
    tag: 'stores',
    summary: 'Edits a store',
    params: storeCodeParamsSchema,
    body: storeBodySchema,
    responses: { 200: storeSchema },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v3/branches/:storeCode',
    tag: 'stores',
    summary: 'Ends a store’s contract after the caller confirms with its password',
    params: storeCodeParamsSchema,
    body: storeDeleteSchema,
    responses: { 204: noContentSchema },
  }),
  members: endpoint({
    method: 'GET',
    path: '/v3/branches/:storeCode/members',
    tag: 'stores',
    summary: 'Members who can see the store: every admin, and the user-role members assigned to it',
    params: storeCodeParamsSchema,
    responses: { 200: z.array(storeMemberSchema) },
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/v3/branches/:storeCode/members/:memberId',
    tag: 'stores',
    summary: 'Takes a user-role member off the store',
    params: storeCodeParamsSchema.extend({ memberId: idParam(FIELD_LABELS.memberId) }),
    responses: { 204: noContentSchema },
  }),
};
