import { describe, expect, it } from 'vitest';
import type { Member } from '../../api/index.ts';
import { parseStoredMember, serializeMember } from './memberCookie.ts';

const member: Member = {
  id: 1,
  publicName: '薬局 太郎',
  searchName: null,
  email: 'admin@example.com',
  systemRole: { id: 1, name: 'admin', publicName: '管理者' },
  sendReportAllowed: false,
  serviceAgreedOn: '2024-01-01',
  privacyPolicyAgreedOn: '2024-01-01',
  corporation: {
    id: 1,
    name: '株式会社サンプル薬局',
    corporationCode: '100001',
    plan: { id: 3, code: 'advanced', name: 'アドバンストプラン' },
  },
  browsableStores: [{ storeCode: 'S001', name: '本店' }],
};

describe('parseStoredMember', () => {
  it('round-trips a member', () => {
    expect(parseStoredMember(serializeMember(member, (v) => v.length))).toEqual(member);
  });

  it('rejects missing, malformed and foreign values', () => {
    expect(parseStoredMember(undefined)).toBeNull();
    expect(parseStoredMember('{')).toBeNull();
    expect(parseStoredMember('null')).toBeNull();
    expect(
      parseStoredMember(JSON.stringify({ ...member, systemRole: { name: 'root' } })),
    ).toBeNull();
    expect(
      parseStoredMember(
        JSON.stringify({
          ...member,
          corporation: { ...member.corporation, plan: { code: 'gold' } },
        }),
      ),
    ).toBeNull();
  });
});

describe('serializeMember', () => {
  it('drops the viewable stores when the cookie would be too large', () => {
    const big = {
      ...member,
      browsableStores: Array.from({ length: 200 }, (_, i) => ({
        storeCode: `S${i}`,
        name: `店舗${i}`,
      })),
    };
    const stored = parseStoredMember(serializeMember(big, (v) => encodeURIComponent(v).length));
    expect(stored?.browsableStores).toEqual([]);
    expect(stored?.corporation).toEqual(member.corporation);
  });
});
