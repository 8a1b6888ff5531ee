import { describe, expect, it } from 'vitest';
import { normalizeAddress, toKanjiNumber, townLevelAddress } from '@pharmalytics/domain';
import { townGeocoder } from './town-geocoder.ts';
import { lookupZip, normalizeZip } from './zip-lookup.ts';

describe('kanji numerals', () => {
  it('writes 丁目 numbers the way the town table does', () => {
    expect([1, 10, 11, 20, 23, 99].map(toKanjiNumber)).toEqual([
      '一',
      '十',
      '十一',
      '二十',
      '二十三',
      '九十九',
    ]);
    expect(normalizeAddress('天神２丁目 8-38')).toBe('天神二丁目8-38');
    expect(normalizeAddress('霞ヶ丘')).toBe('霞ケ丘');
  });

  it('cuts an address to town level', () => {
    expect(townLevelAddress('福岡県福岡市中央区天神2丁目8-38 天神ビル5F')).toBe(
      '福岡県福岡市中央区天神二丁目',
    );
    expect(townLevelAddress('福岡県飯塚市吉原町6-1')).toBe('福岡県飯塚市吉原町');
    expect(townLevelAddress('福岡県春日市')).toBe('福岡県春日市');
  });
});

describe('town geocoder (offline)', () => {
  const geocoder = townGeocoder();

  it('finds a town from a block written with Arabic 丁目', () => {
    const result = geocoder.geocode('福岡県', '福岡市中央区', '天神2丁目8-38');
    expect(result).toMatchObject({ level: 'town', city: '福岡市中央区', town: '天神二丁目' });
    expect(result.latitude).toBeCloseTo(33.59, 1);
    expect(result.longitude).toBeCloseTo(130.4, 1);
  });

  it('reads 2-8-38 after the town name as 二丁目', () => {
    expect(geocoder.geocode('福岡県', '福岡市博多区', '博多駅前3-2-8')).toMatchObject({
      level: 'town',
      town: '博多駅前三丁目',
    });
  });

  it('matches a city written without its 郡', () => {
    expect(geocoder.geocode('福岡県', '粕屋町', '')).toMatchObject({
      level: 'city',
      city: '糟屋郡粕屋町',
    });
  });

  it('places nothing on a town the table lists without a point: its city answers', () => {
    // 物流団地一条一丁目 is listed with "null" coordinates.
    const result = geocoder.geocode('北海道', '旭川市', '物流団地一条一丁目');
    expect(result).toMatchObject({ level: 'city', city: '旭川市' });
    expect(Number.isFinite(result.latitude)).toBe(true);
    expect(Number.isFinite(result.longitude)).toBe(true);
    for (const { latitude, longitude } of geocoder.townsOf('北海道')) {
      expect(Number.isFinite(latitude) && Number.isFinite(longitude)).toBe(true);
    }
  });

  it('falls back to the city, then the prefecture, and says so', () => {
    expect(geocoder.geocode('福岡県', '久留米市', 'どこか知らない町1-1').level).toBe('city');
    expect(geocoder.geocode('福岡県', '存在しない市', '').level).toBe('prefecture');
    expect(geocoder.geocode('ムー大陸', '', '')).toEqual({
      latitude: null,
      longitude: null,
      level: 'none',
    });
  });
});

describe('zip lookup', () => {
  it('normalises what people type', () => {
    expect(normalizeZip('〒810-0001')).toBe('8100001');
    expect(normalizeZip('８１００００１')).toBe('8100001');
    expect(normalizeZip('81000')).toBeUndefined();
  });

  it('gives prefecture, city and town of a code, several for shared codes', () => {
    expect(lookupZip('8100001')).toEqual([
      {
        prefectureId: 40,
        prefecture: '福岡県',
        cityCode: '40133',
        city: '福岡市中央区',
        town: '天神',
      },
    ]);
    expect(lookupZip('4100867')).toHaveLength(7);
    expect(lookupZip('9999999')).toEqual([]);
  });
});
