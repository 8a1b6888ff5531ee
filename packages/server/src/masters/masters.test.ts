import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ESTAT_CREDIT, medicineLookup, parseEstatMesh, parseMedicineMaster } from './index.ts';

const asset = (path: string): Buffer =>
  readFileSync(new URL(`../../assets/masters/${path}`, import.meta.url));

describe('e-Stat 500 m mesh population (real file tblT001101H5030.txt)', () => {
  const bytes = asset('estat-mesh/tblT001101H5030.txt');
  const { rows, credit } = parseEstatMesh(bytes);
  const byCode = new Map(rows.map((r) => [r.meshCode, r]));

  it('reads every mesh row with the e-Stat credit', () => {
    expect(credit).toBe('出典：政府統計の総合窓口(e-Stat)');
    expect(credit).toBe(ESTAT_CREDIT);
    expect(rows).toHaveLength(9496);
    expect(new Set(rows.map((r) => r.meshCode)).size).toBe(9496);
    expect(rows.every((r) => /^5030\d{5}$/.test(r.meshCode))).toBe(true);
  });

  it('maps the label row to the right columns', () => {
    expect(byCode.get('503000002')).toEqual({
      meshCode: '503000002',
      total: 18,
      male: 7,
      female: 11,
      age0to14: 3,
      age15to64: 6,
      age65plus: 9,
      age75plus: 5,
      age85plus: 2,
      age95plus: 0,
      secrecy: 0,
      mergedInto: null,
    });
    expect(byCode.get('503000004')).toMatchObject({
      total: 136,
      male: 72,
      female: 64,
      age0to14: 16,
      age15to64: 62,
      age65plus: 58,
      age75plus: 23,
      age85plus: 5,
      age95plus: 0,
    });
  });

  it('reads secrecy: a destination mesh and its suppressed sources with * as 0', () => {
    expect(byCode.get('503000011')).toMatchObject({
      total: 52,
      age65plus: 15,
      secrecy: 1,
      mergedInto: null,
    });
    for (const code of ['503000012', '503000014']) {
      expect(byCode.get(code)).toEqual({
        meshCode: code,
        total: 2,
        male: 1,
        female: 1,
        age0to14: 0,
        age15to64: 0,
        age65plus: 0,
        age75plus: 0,
        age85plus: 0,
        age95plus: 0,
        secrecy: 2,
        mergedInto: '503000011',
      });
    }
    const counts = [0, 1, 2].map((s) => rows.filter((r) => r.secrecy === s).length);
    expect(counts).toEqual([7227, 1011, 1258]);
    expect(rows.filter((r) => r.secrecy === 2).every((r) => r.mergedInto !== null)).toBe(true);
    expect(rows.filter((r) => r.secrecy !== 2).every((r) => r.mergedInto === null)).toBe(true);
  });

  it('totals the same population as an independent sum over the raw file', () => {
    const lines = new TextDecoder('shift_jis').decode(bytes).split(/\r?\n/).slice(2);
    let expected = 0;
    let expected65 = 0;
    for (const line of lines) {
      const cells = line.split(',');
      if (cells.length < 5) continue;
      if (cells[4] !== '*') expected += Number(cells[4]);
      if (cells[22] !== '*') expected65 += Number(cells[22]);
    }
    expect(rows.reduce((s, r) => s + r.total, 0)).toBe(expected);
    expect(expected).toBe(4685631);
    expect(rows.reduce((s, r) => s + r.age65plus, 0)).toBe(expected65);
    expect(rows.reduce((s, r) => s + r.male + r.female, 0)).toBe(expected);
  });

  it('reads a file with moved columns, - and empty values, and refuses broken ones', () => {
    const text = [
      'KEY_CODE,GASSAN,HTKSAKI,HTKSYORI,T001101002,T001101001,T001101003,T001101004,T001101010,T001101019,T001101022,T001101025,T001101028',
      ',,,,　人口（総数）　男,　人口（総数）,　人口（総数）　女,　０～１４歳人口　総数,　１５～６４歳人口　総数,　６５歳以上人口　総数,　７５歳以上人口　総数,　８５歳以上人口　総数,　９５歳以上人口　総数',
      '523650011,,,0,5,9,4,-,,9,3,1,0',
    ].join('\r\n');
    expect(parseEstatMesh(iconv.encode(text, 'cp932')).rows).toEqual([
      {
        meshCode: '523650011',
        total: 9,
        male: 5,
        female: 4,
        age0to14: 0,
        age15to64: 0,
        age65plus: 9,
        age75plus: 3,
        age85plus: 1,
        age95plus: 0,
        secrecy: 0,
        mergedInto: null,
      },
    ]);
    expect(() =>
      parseEstatMesh(iconv.encode(text.replace('523650011', '52365001'), 'cp932')),
    ).toThrow('3行目: KEY_CODE が500mメッシュのコード（数字9桁）ではありません（52365001）。');
    expect(() =>
      parseEstatMesh(iconv.encode(text.replace(',9,3,1,0', ',X,3,1,0'), 'cp932')),
    ).toThrow('3行目: T001101019 の値が数値ではありません（X）。');
    expect(() =>
      parseEstatMesh(iconv.encode(text.replace('　９５歳以上人口　総数', '　９５歳'), 'cp932')),
    ).toThrow('2行目: 見出し「９５歳以上人口　総数」の列がありません。');
  });
});

describe('medicine master (real sample y_ALL_sample.csv)', () => {
  const rows = parseMedicineMaster(asset('medicine-master/y_ALL_sample.csv'));

  it('reads code, YJ code, name, unit and price from their fields', () => {
    expect(rows).toEqual([
      {
        code: '610406079',
        yjCode: '2325003B2029',
        name: 'ガスター散２％',
        unit: 'g',
        price: 26,
        isGeneric: false,
        validFrom: '2022-04-01',
        validTo: null,
      },
      {
        code: '620000237',
        yjCode: '3311401H7018',
        name: '生理食塩液　１．３Ｌ',
        unit: '袋',
        price: 317,
        isGeneric: false,
        validFrom: '2022-04-01',
        validTo: null,
      },
      {
        code: '630010002',
        yjCode: null,
        name: '薬剤料逓減（９０／１００）（内服薬）',
        unit: '',
        price: 0,
        isGeneric: false,
        validFrom: '2022-04-01',
        validTo: null,
      },
      {
        code: '620008965',
        yjCode: '2646730M1059',
        name: 'アンテベート軟膏０．０５％',
        unit: 'g',
        price: 18.7,
        isGeneric: false,
        validFrom: '2022-04-01',
        validTo: null,
      },
    ]);
    expect(rows.every((r) => r.genericClass === undefined)).toBe(true);
  });

  it('answers the row valid on a date', () => {
    const older = { ...rows[0]!, price: 30.5, validFrom: '2020-04-01', validTo: '2022-03-31' };
    const lookup = medicineLookup([older, ...rows]);
    expect(lookup('610406079', '2021-06-01')).toEqual({
      name: 'ガスター散２％',
      unit: 'g',
      price: 30.5,
    });
    expect(lookup('610406079', '2026-04-10')).toEqual({
      name: 'ガスター散２％',
      unit: 'g',
      price: 26,
    });
    expect(lookup('630010002', '2026-04-10')).toEqual({
      name: '薬剤料逓減（９０／１００）（内服薬）',
      unit: null,
      price: 0,
    });
    expect(lookup('999999999', '2026-04-10')).toBeUndefined();
  });

  it('refuses rows that are not in the layout, naming the line', () => {
    const good = asset('medicine-master/y_ALL_sample.csv');
    const text = iconv.decode(good, 'cp932');
    const short = text.replace(/,"ガスター散２％"\r\n/, '\r\n');
    expect(() => parseMedicineMaster(iconv.encode(short, 'cp932'))).toThrow(
      '1行目: 医薬品マスターの項目数が足りません（34項目）。',
    );
    expect(() =>
      parseMedicineMaster(iconv.encode(text.replace('"620008965"', '"62000896"'), 'cp932')),
    ).toThrow('4行目: 医薬品コードが数字9桁ではありません（62000896）。');
    expect(() =>
      parseMedicineMaster(iconv.encode(text.replace('"317.00"', '"317,00"'), 'cp932')),
    ).toThrow('2行目: 金額が正しくありません（317,00）。');
  });
});
