import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { FIELD_LABELS } from '../messages.ts';
import { boundedText } from '../schemas/primitives.ts';
import { profileSchema } from '../schemas/profile.ts';
import { endpoint } from './endpoint.ts';
import { memberSchema } from './members.ts';

export const userInformationSchema = z.object({
  publicName: z.string(),
  searchName: z.string().nullable(),
  email: z.string(),
});
export type UserInformation = z.infer<typeof userInformationSchema>;

const profileAnswerSchema = z.object({ userInformation: userInformationSchema });

/**
 * The password change: the member's e-mail, the current and the new password. The password rules
 * need the member's e-mail, so the server checks them.
 */
export const passwordChangeRequestSchema = z.object({
  email: boundedText({ label: FIELD_LABELS.email, max: LIMITS.emailMax }),
  currentPassword: boundedText({ label: FIELD_LABELS.currentPassword }),
  newPassword: boundedText({ label: FIELD_LABELS.newPassword }),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

/** The signed-in member's own name, address, password and settings. */
export const profileContracts = {
  get: endpoint({
    method: 'GET',
    path: '/v2/profile',
    tag: 'profile',
    summary: 'The own name and e-mail address',
    responses: { 200: profileAnswerSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v2/profile',
    tag: 'profile',
    summary: 'Changes the own name',
    body: profileSchema,
    responses: { 200: profileAnswerSchema },
  }),
  changePassword: endpoint({
    method: 'PATCH',
    path: '/v2/profile/change_password',
    tag: 'profile',
    summary: 'Checks the current password, sets the new one and ends the member’s other sessions',
    body: passwordChangeRequestSchema,
    responses: { 200: z.object({}) },
  }),
  personalSettings: endpoint({
    method: 'PATCH',
    path: '/v2/members/personal_settings',
    tag: 'profile',
    summary: 'Whether the member receives the report e-mails (paid plans)',
    body: z.object({ sendReportAllowed: z.boolean() }),
    responses: { 200: memberSchema },
  }),
};
