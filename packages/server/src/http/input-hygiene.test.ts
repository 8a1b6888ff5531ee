import { FIELD_LABELS, FORM_MESSAGES, INPUT_MESSAGES, V } from '@pharmalytics/domain';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../testing/http-client.ts';
import { useAppWithSmtp } from '../testing/lifecycle-app.ts';
import { linkIn } from '../testing/smtp-catcher.ts';

/**
 * What requests the forms never send get: a 400 with the field's Japanese message (the shape the
 * web app reads), never a database error, and nothing changed.
 */

const ctx = useAppWithSmtp();

const CONTROL = INPUT_MESSAGES.controlCharacters;
const memberIdMessage = INPUT_MESSAGES.integerRange(FIELD_LABELS.memberId, 1, 2147483647);

async function signedIn(email = 'admin@example.com'): Promise<HttpClient> {
  const client = ctx.t.client();
  expect((await client.login(email)).status).toBe(200);
  return client;
}

const memberOf = (email: string) =>
  ctx.t.db.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirst();

const refusal = (path: string, message: string) => ({
  statusCode: 400,
  message: 'validation error',
  errors: [{ path, message }],
});

describe('ids in paths', () => {
  it('takes plain decimal digits only: 0x…, +…, 1e…, spaces and leading zeros delete nobody', async () => {
    const admin = await signedIn();
    const victim = (await memberOf('user@example.com'))!;
    const n = victim.id;
    for (const spelling of [
      `0x${n.toString(16)}`,
      `+${n}`,
      `${n}.0`,
      `0${n}`,
      `%20${n}`,
      `${n}e0`,
    ]) {
      const reply = await admin.request('DELETE', `/v2/members/${spelling}`);
      expect(reply.status, spelling).toBe(400);
      expect(reply.body).toEqual(refusal('id', memberIdMessage));
    }
    expect(await memberOf('user@example.com')).toEqual(victim);
  });

  it('answers 400, not a database error, for ids beyond the integer column', async () => {
    const admin = await signedIn('sysadmin@example.com');
    const huge = ['2147483648', '99999999999999999999'];
    for (const id of huge) {
      for (const [method, path] of [
        ['GET', `/v2/members/${id}`],
        ['PATCH', `/v2/members/${id}/role`],
        ['GET', `/v2/members/${id}/branches`],
        ['DELETE', `/v2/members/${id}`],
        ['DELETE', `/v2/invitations/${id}`],
        ['DELETE', `/v3/branches/1001/members/${id}`],
        ['GET', `/v3/branches/1001/uploads/${id}/rejects`],
      ] as const) {
        const reply = await admin.request(method, path, method === 'PATCH' ? { body: {} } : {});
        expect(reply.status, `${method} ${path}`).toBe(400);
      }
    }
    expect((await admin.get('/v2/members/2147483648')).body).toEqual(
      refusal('id', memberIdMessage),
    );
    expect((await admin.get('/v2/members/2147483647')).status).toBe(404);
  });
});

describe('text with control characters', () => {
  it('is refused in the profile, and the name stays', async () => {
    const client = await signedIn();
    const before = await memberOf('admin@example.com');
    for (const publicName of [
      '山田\u0000太郎',
      '山田\u0007',
      '\u001b[31m',
      '山田\u0085',
      '\ud800',
    ]) {
      const reply = await client.request('PUT', '/v2/profile', { body: { publicName } });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual(refusal('publicName', CONTROL));
    }
    expect(await memberOf('admin@example.com')).toEqual(before);
    const kept = await client.request('PUT', '/v2/profile', {
      body: { publicName: '𠮷田 花子😀' },
    });
    expect(kept.status).toBe(200);
  });

  it('is refused in stores, the corporation, store codes, sign-in and sign-up', async () => {
    const admin = await signedIn();
    const store = {
      name: '薬局\u0000',
      prefectureId: 40,
    };
    expect((await admin.request('POST', '/v3/branches', { body: store })).body).toEqual(
      refusal('name', CONTROL),
    );
    const corporation = (await admin.get('/v2/corporations/100001')).body;
    const renamed = await admin.request('PUT', '/v2/corporations/100001', {
      body: { ...corporation, name: '博多\u001bファーマシー' },
    });
    expect(renamed.body).toEqual(refusal('name', CONTROL));
    const user = (await memberOf('user@example.com'))!;
    const codes = await admin.request('PATCH', `/v2/members/${user.id}/branches`, {
      body: { storeCodes: '1001\u0000' },
    });
    expect(codes.body).toEqual(refusal('storeCodes', CONTROL));
    const signIn = await ctx.t.client().signIn('admin\u0000@example.com', 'x');
    expect(signIn.body).toEqual(refusal('email', CONTROL));
    const signUp = await ctx.t.client().request('POST', '/v2/sign_ups', {
      body: { email: 'owner\u0000@example.com', isApproval: true },
    });
    expect(signUp.body).toEqual(refusal('email', CONTROL));
  });
});

describe('dashboard dates and store codes', () => {
  const query = (from: string, storeCodes = '1001') =>
    `/v3/dashboard/dispensing_sales?baseFrom=${from}&baseTo=2026-10-31&comparisonTargetFrom=2025-10-01&comparisonTargetTo=2025-10-31&periodCode=2&storeCodes=${storeCodes}`;

  it('refuses year 0, years beyond 1900–2100 and days the calendar lacks', async () => {
    const admin = await signedIn();
    for (const from of ['0000-01-01', '1899-12-31', '2101-01-01']) {
      expect((await admin.get(query(from))).body).toEqual(
        refusal('baseFrom', INPUT_MESSAGES.dateRange(1900, 2100)),
      );
    }
    expect((await admin.get(query('2026-02-29'))).body).toEqual(
      refusal('baseFrom', INPUT_MESSAGES.date),
    );
    expect((await admin.get(query('2026-10-01'))).status).toBe(200);
  });

  it('refuses store codes that are not comma-joined digits', async () => {
    const admin = await signedIn();
    expect((await admin.get(query('2026-10-01', '1001%00'))).body).toEqual(
      refusal('storeCodes', CONTROL),
    );
    for (const codes of ['1001,,1002', '0x3e9', '1001%2C%20x', '1001,']) {
      const reply = await admin.get(query('2026-10-01', codes));
      expect(reply.status, codes).toBe(400);
      expect(reply.body.errors).toEqual([
        { path: 'storeCodes', message: INPUT_MESSAGES.codeList(FIELD_LABELS.storeCode) },
      ]);
    }
  });
});

describe('foreign keys from the client', () => {
  const store = { name: 'はかた薬局 新店', prefectureId: 40 };

  it('a store with an unknown prefecture is refused and not created', async () => {
    const admin = await signedIn();
    const count = async () => (await admin.get('/v3/branches')).body.length;
    const before = await count();
    for (const prefectureId of [0, 48, 40000, 2147483648]) {
      const reply = await admin.request('POST', '/v3/branches', {
        body: { ...store, prefectureId },
      });
      expect(reply.body).toEqual(refusal('prefectureId', FORM_MESSAGES.storePrefectureRequired));
    }
    expect(await count()).toBe(before);
  });

  it('a store update with an unknown prefecture is refused and the store stays', async () => {
    const admin = await signedIn();
    const before = (await admin.get('/v3/branches/1001')).body;
    const reply = await admin.request('PUT', '/v3/branches/1001', {
      body: { name: before.name, prefectureId: 48 },
    });
    expect(reply.body).toEqual(refusal('prefectureId', FORM_MESSAGES.storePrefectureRequired));
    expect((await admin.get('/v3/branches/1001')).body).toEqual(before);
  });

  it('a sign-up with an unknown head-office prefecture is refused and its link still works', async () => {
    const email = 'hygiene-owner@example.com';
    const client = ctx.t.client();
    await client.request('POST', '/v2/sign_ups', { body: { email, isApproval: true } });
    const mail = await ctx.smtp.lastTo(email);
    const token = linkIn(mail, '/service/sign-up/new-account').searchParams.get('token')!;
    const form = {
      name: '新井 一郎',
      tel: '0921234567',
      roleName: '薬局長',
      corporationName: '株式会社はかた衛生薬局',
      branchCount: '3',
      questionnaire: 3,
      password: 'Hygiene-pharmacy1',
    };
    for (const prefectureId of [48, 40000]) {
      const reply = await client.request('PATCH', `/v2/sign_ups/${token}`, {
        body: { ...form, prefectureId },
      });
      expect(reply.body).toEqual(
        refusal('prefectureId', FORM_MESSAGES.headOfficePrefectureRequired),
      );
    }
    const created = await client.request('PATCH', `/v2/sign_ups/${token}`, {
      body: { ...form, prefectureId: 40 },
    });
    expect(created.status).toBe(201);
  });

  it('an address look-up with an unknown prefecture is refused', async () => {
    const admin = await signedIn();
    for (const prefectureId of ['48', '40000', '0x1', '']) {
      const reply = await admin.get(`/v3/geocoding/address?prefectureId=${prefectureId}&city=x`);
      expect(reply.body).toEqual(refusal('prefectureId', FORM_MESSAGES.storePrefectureRequired));
    }
    expect((await admin.get('/v3/geocoding/address?prefectureId=40&city=福岡市')).status).toBe(200);
  });

  it('viewable stores with an unknown store code are refused and stay as they were', async () => {
    const admin = await signedIn();
    const user = (await memberOf('user@example.com'))!;
    const before = (await admin.get(`/v2/members/${user.id}/branches`)).body;
    const reply = await admin.request('PATCH', `/v2/members/${user.id}/branches`, {
      body: { storeCodes: '1001,9999999' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('unknown store code');
    expect((await admin.get(`/v2/members/${user.id}/branches`)).body).toEqual(before);
  });

  it('the corporation switch to an unknown code is refused and the member stays', async () => {
    const sysadmin = await signedIn('sysadmin@example.com');
    const me = (await memberOf('sysadmin@example.com'))!;
    for (const corporationCode of ['999999', '9'.repeat(12)]) {
      const reply = await sysadmin.request('PUT', `/v2/members/${me.id}/corporations`, {
        body: { corporationCode },
      });
      expect(reply.status).toBe(404);
    }
    const long = await sysadmin.request('PUT', `/v2/members/${me.id}/corporations`, {
      body: { corporationCode: '9'.repeat(13) },
    });
    expect(long.body).toEqual(
      refusal('corporationCode', V.maxLength(FIELD_LABELS.corporationCode, 12)),
    );
    expect(await memberOf('sysadmin@example.com')).toEqual(me);
  });
});

describe('requests the server cannot read', () => {
  it('are refused in Japanese, in the shape the web app reads', async () => {
    const admin = await signedIn();
    const send = (raw: string, contentType: string) =>
      admin.request('POST', '/v3/branches', { raw: { body: raw, contentType } });
    expect((await send('{', 'application/json')).body).toEqual({
      statusCode: 400,
      message: INPUT_MESSAGES.invalidJson,
    });
    expect((await send('{"__proto__":{"admin":true}}', 'application/json')).body).toEqual({
      statusCode: 400,
      message: INPUT_MESSAGES.invalidJson,
    });
    expect((await send('', 'application/json')).body).toEqual({
      statusCode: 400,
      message: INPUT_MESSAGES.emptyBody,
    });
    expect((await send('<store/>', 'application/xml')).body).toEqual({
      statusCode: 415,
      message: INPUT_MESSAGES.unsupportedContentType,
    });
    const huge = await send(`{"name":"${'a'.repeat(1024 * 1024)}"}`, 'application/json');
    expect(huge.body).toEqual({ statusCode: 413, message: INPUT_MESSAGES.bodyTooLarge });
  });

  it('a number out of its range is refused in zod’s Japanese wording', async () => {
    const admin = await signedIn();
    const reply = await admin.request('POST', '/v3/branches', {
      body: { name: 'はかた薬局 北店', prefectureId: 40, latitude: 200, longitude: 130 },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { path: 'latitude', message: expect.stringMatching(/^大きすぎる値: .*90以下/) },
    ]);
  });
});

describe('manual names', () => {
  it('answers 404 for prototype keys and other unknown names', async () => {
    const client = ctx.t.client();
    for (const name of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'nope',
    ]) {
      const reply = await client.get(`/manuals/${name}`);
      expect(reply.status, name).toBe(404);
    }
    expect((await client.get('/manuals/preparation')).status).toBe(200);
  });
});

describe('requests the server cannot read', () => {
  it('answers headers past the limit with 431 and closes the connection, saying so', async () => {
    const { hostname, port } = new URL(ctx.t.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Long: ${'a'.repeat(100_000)}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', (error) => (text ? resolve(text) : reject(error)));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    // The server goes on answering.
    expect((await fetch(`${ctx.t.baseUrl}/healthz`)).status).toBe(200);
  });
});
