import { UPLOADER_INFO_CSV } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../api/index.ts';
import { uploaderInfoCsv, uploaderInfoRows } from './uploaderCsv.ts';

const store = (storeCode: string, name: string, key: string | null) =>
  ({
    storeCode,
    name,
    clientDeviceUser: key
      ? { deviceId: Number(storeCode), name: `store-${storeCode}`, plainTextPassword: key }
      : null,
  }) as Store;

describe('uploaderInfoRows', () => {
  it('lists store ID, name, user name and key of stores with credentials', () => {
    expect(
      uploaderInfoRows([store('1001', '天神店', 'k1'), store('1002', '博多店', null)]),
    ).toEqual([['1001', '天神店', 'store-1001', 'k1']]);
  });
});

describe('uploaderInfoCsv', () => {
  it('starts with the BOM and the header, quotes cells and ends lines with CRLF', () => {
    const csv = uploaderInfoCsv([store('1001', 'はかた薬局 "天神"店', 'abc')]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      UPLOADER_INFO_CSV.header.map((h) => `"${h}"`).join(','),
      '"1001","はかた薬局 ""天神""店","store-1001","abc"',
      '',
    ]);
  });

  it('is only the header without stores', () => {
    expect(uploaderInfoCsv([])).toBe('\uFEFF"店舗ID","店舗名","ユーザー名","キー"\r\n');
  });
});
