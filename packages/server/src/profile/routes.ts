import {
  boundedText,
  changePasswordSchema,
  ERROR_TYPES,
  FIELD_LABELS,
  LIMITS,
  profileSchema,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/connection.ts';
import { badRequest } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import type { IdentityService } from '../identity/service.ts';
import { loadMemberView } from '../members/member-view.ts';
import { SESSION_COOKIE, type SessionStore } from '../session/session-store.ts';
import { access } from '../access/access-policy.ts';

export function profileRoutes(deps: {
  db: Database;
  identity: IdentityService;
  sessions: SessionStore;
}): FastifyPluginAsyncZod {
  const { db, identity, sessions } = deps;

  const userInformation = async (memberId: number) => {
    const row = await db
      .selectFrom('members')
      .select(['public_name', 'search_name', 'email'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return {
      userInformation: {
        publicName: row.public_name,
        searchName: row.search_name,
        email: row.email,
      },
    };
  };

  return async (app) => {
    app.get(
      '/v2/profile',
      { config: { access: access.member }, schema: { tags: ['profile'] } },
      (request) => userInformation(request.auth.memberId),
    );

    app.put(
      '/v2/profile',
      { config: { access: access.member }, schema: { tags: ['profile'], body: profileSchema } },
      async (request) => {
        await db
          .updateTable('members')
          .set({
            public_name: request.body.publicName.trim(),
            search_name: request.body.searchName?.trim() || null,
            updated_at: new Date(),
          })
          .where('id', '=', request.auth.memberId)
          .execute();
        return userInformation(request.auth.memberId);
      },
    );

    /**
     * Checks the current password at the identity service (so its lockout applies), sets the new
     * one and ends the member's other sessions.
     */
    app.patch(
      '/v2/profile/change_password',
      {
        config: { access: access.member },
        schema: {
          tags: ['profile'],
          // The password rules need the member's e-mail: they are checked in the handler.
          body: z.object({
            email: boundedText({ label: FIELD_LABELS.email, max: LIMITS.emailMax }),
            currentPassword: boundedText({ label: FIELD_LABELS.currentPassword }),
            newPassword: boundedText({ label: FIELD_LABELS.newPassword }),
          }),
        },
      },
      async (request) => {
        const member = await db
          .selectFrom('members')
          .select(['email', 'identity_user_id'])
          .where('id', '=', request.auth.memberId)
          .executeTakeFirstOrThrow();
        const { currentPassword, newPassword } = request.body;
        if (request.body.email.trim().toLowerCase() !== member.email)
          throw badRequest('email mismatch');
        if (newPassword.toLowerCase() === member.email) {
          throw badRequest('password same to email', ERROR_TYPES.passwordSameToEmail);
        }
        validate(changePasswordSchema(member.email), {
          currentPassword,
          newPassword,
          newPasswordConfirmation: newPassword,
        });
        const check = await identity.signIn(member.email, currentPassword);
        if (!check.ok) {
          throw badRequest(
            check.error === 'TOO_MANY_ATTEMPTS_TRY_LATER' ? check.error : 'INVALID_PASSWORD',
          );
        }
        await identity.setPassword(member.identity_user_id, newPassword);
        await sessions.deleteAllOf(request.auth.memberId, request.cookies[SESSION_COOKIE]);
        return {};
      },
    );

    app.patch(
      '/v2/members/personal_settings',
      {
        // Report e-mails are a feature of the paid plans.
        config: { access: access.reportReceiver },
        schema: { tags: ['profile'], body: z.object({ sendReportAllowed: z.boolean() }) },
      },
      async (request) => {
        await db
          .updateTable('members')
          .set({ send_report_allowed: request.body.sendReportAllowed, updated_at: new Date() })
          .where('id', '=', request.auth.memberId)
          .execute();
        return loadMemberView(db, request.auth.memberId);
      },
    );
  };
}
