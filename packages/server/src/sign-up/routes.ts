import {
  ERROR_TYPES,
  ERROR_WIRE_MESSAGES,
  linkToken,
  newAccountSchema,
  planByCode,
  roleByName,
  routePath,
  signUpSchema,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { createAccount, isEmailRegistered } from '../members/create-account.ts';
import type { Database } from '../db/connection.ts';
import { badRequest, conflict, unauthorized } from '../http/errors.ts';
import { hashPassword } from '../identity/passwords.ts';
import { normalizeEmail } from '../identity/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { signUpVerificationMail } from '../mail/templates.ts';
import { EMAIL_TOKEN_TTL_MS, type EmailTokens } from '../tokens/email-tokens.ts';
import { access } from '../access/access-policy.ts';

const tokenQuery = z.object({ token: linkToken() });

/** Sign-up: e-mail verification, then the new corporation with its first admin. */
export function signUpRoutes(deps: {
  db: Database;
  mailer: Mailer;
  emailTokens: EmailTokens;
  publicUrl: string;
  rateLimitPerMinute: number;
}): FastifyPluginAsyncZod {
  const { db, mailer, emailTokens, publicUrl } = deps;
  return async (app) => {
    app.post(
      '/v2/sign_ups',
      {
        config: {
          access: access.public,
          rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' },
        },
        schema: { tags: ['sign-up'], body: signUpSchema },
      },
      async (request) => {
        const email = normalizeEmail(request.body.email);
        const token = await emailTokens.issue('sign_up', email);
        const link = `${publicUrl}${routePath('NewAccount')}?token=${token}`;
        await mailer.send(
          signUpVerificationMail(email, link, EMAIL_TOKEN_TTL_MS.sign_up / 3_600_000),
        );
        return {};
      },
    );

    app.get(
      '/v2/sign_ups/verify',
      { config: { access: access.public }, schema: { tags: ['sign-up'], querystring: tokenQuery } },
      async (request) => {
        const email = await emailTokens.emailOf('sign_up', request.query.token);
        if (!email) throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
        if (await isEmailRegistered(db, email))
          throw conflict(ERROR_WIRE_MESSAGES.emailAlreadyRegistered);
        return { email };
      },
    );

    app.patch(
      '/v2/sign_ups/:token',
      {
        config: { access: access.public },
        schema: { tags: ['sign-up'], params: tokenQuery, body: newAccountSchema },
      },
      async (request, reply) => {
        const { token } = request.params;
        const form = request.body;
        const email = await emailTokens.emailOf('sign_up', token);
        if (!email) throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
        if (form.password.toLowerCase() === email) {
          throw badRequest('password same to email', ERROR_TYPES.passwordSameToEmail);
        }
        if (await isEmailRegistered(db, email))
          throw conflict(ERROR_WIRE_MESSAGES.emailAlreadyRegistered);
        const passwordHash = await hashPassword(form.password);

        const corporationCode = await db.transaction().execute(async (trx) => {
          if (!(await emailTokens.consume('sign_up', token, trx)))
            throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
          const corporation = await trx
            .insertInto('corporations')
            .values({
              corporation_code: sql<string>`nextval('corporation_code_seq')::text`,
              name: form.corporationName.trim(),
              plan_id: planByCode('free')!.id,
              head_office_prefecture_id: form.prefectureId,
              applicant_tel: form.tel,
              applicant_role_title: form.roleName.trim(),
              planned_store_count: Number(form.branchCount),
              questionnaire: form.questionnaire,
            })
            .returning(['id', 'corporation_code'])
            .executeTakeFirstOrThrow();
          await createAccount(trx, {
            corporationId: corporation.id,
            email,
            passwordHash,
            publicName: form.name.trim(),
            roleId: roleByName('admin')!.id,
          });
          return corporation.corporation_code;
        });
        return reply.code(201).send({ corporationCode, email });
      },
    );
  };
}
