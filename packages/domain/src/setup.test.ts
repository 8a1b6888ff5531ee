import { describe, expect, it } from 'vitest';
import { initialSetupMessage, initialSetupStatus } from './setup.ts';

const say = (stores: number, incomplete: number, manages: boolean) =>
  initialSetupMessage(initialSetupStatus(stores, incomplete, manages));

describe('the initial setup status', () => {
  it('tells an administrator of a corporation without stores to register one', () => {
    expect(initialSetupStatus(0, 0, true)).toEqual({ kind: 'noStore' });
    expect(say(0, 0, true)).toBe(
      '店舗がまだ登録されていません。店舗を登録すると、店舗ごとの初期設定を始められます。',
    );
  });

  it('tells a member without viewable stores who can grant them', () => {
    expect(initialSetupStatus(0, 0, false)).toEqual({ kind: 'noViewableStore' });
    expect(say(0, 0, false)).toBe(
      '閲覧可能な店舗が設定されていません。法人の管理者に閲覧可能店舗の設定を依頼してください。',
    );
  });

  it('counts the stores whose setup is unfinished', () => {
    expect(say(3, 2, true)).toBe('初期設定が完了していない店舗が2件あります。');
    expect(say(1, 1, false)).toBe('初期設定が完了していない店舗が1件あります。');
  });

  it('says the setup is complete only when there are stores and all are set up', () => {
    expect(say(3, 0, true)).toBe('全ての店舗の初期設定が完了しています。');
    expect(say(0, 0, true)).not.toBe('全ての店舗の初期設定が完了しています。');
    expect(say(0, 0, false)).not.toBe('全ての店舗の初期設定が完了しています。');
  });
});
