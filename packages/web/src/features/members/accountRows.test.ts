import { describe, expect, it } from 'vitest';
import type { AccountList } from './adminApi.ts';
import { accountRows } from './accountRows.ts';

const role = (name: 'admin' | 'user', publicName: string) => ({ id: 1, name, publicName });

const list: AccountList = {
  totalStoreCount: 3,
  members: [
    {
      id: 1,
      name: '山田 太郎',
      mail: 'admin@example.com',
      status: 'enabled',
      systemRole: role('admin', '管理者'),
      browsableStores: [
        { storeCode: '1', name: 'A店' },
        { storeCode: '2', name: 'B店' },
        { storeCode: '3', name: 'C店' },
      ],
    },
    {
      id: 2,
      name: '佐藤 花子',
      mail: 'user@example.com',
      status: 'enabled',
      systemRole: role('user', '一般'),
      browsableStores: [
        { storeCode: '1', name: 'A店' },
        { storeCode: '2', name: 'B店' },
      ],
    },
    {
      id: 3,
      name: '新人',
      mail: 'new@example.com',
      status: 'enabled',
      systemRole: role('user', '一般'),
      browsableStores: [],
    },
  ],
  invitingMembers: [
    {
      id: 1,
      email: 'invited@example.com',
      status: 'invitation',
      systemRole: role('user', '一般'),
      expired: true,
    },
  ],
};

describe('accountRows', () => {
  it('lists members with the list wording of their viewable stores, then invitations', () => {
    const rows = accountRows(list);
    expect(rows.map((r) => [r.key, r.status, r.stores])).toEqual([
      ['member-1', 'enabled', '全ての店舗'],
      ['member-2', 'enabled', 'A店他1店'],
      ['member-3', 'enabled', '未設定'],
      ['invitation-1', 'invitation', null],
    ]);
    expect(rows[3]).toMatchObject({ name: null, email: 'invited@example.com', expired: true });
  });

  it('says all stores for an administrator even when the caller sees only some of them', () => {
    // A role user is told only its own stores' names, also in an administrator's row.
    const seenByUser: AccountList = {
      ...list,
      members: [{ ...list.members[0]!, browsableStores: list.members[1]!.browsableStores }],
    };
    expect(accountRows(seenByUser)[0]!.stores).toBe('全ての店舗');
  });
});
