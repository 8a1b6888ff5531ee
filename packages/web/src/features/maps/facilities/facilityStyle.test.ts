import { describe, expect, it } from 'vitest';
import { facilityIconName, facilityLetter, parseFacilityIconName } from './facilityStyle.ts';

describe('facility marker images', () => {
  it('name each type and state, and read the name back', () => {
    for (const type of ['pharmacy', 'clinic', 'care'] as const) {
      for (const active of [false, true]) {
        expect(parseFacilityIconName(facilityIconName(type, active))).toEqual({ type, active });
      }
    }
    expect(parseFacilityIconName('tiles')).toBeUndefined();
  });

  it('mark the types with the legend’s letters', () => {
    expect(['pharmacy', 'clinic', 'care'].map((t) => facilityLetter(t as 'care'))).toEqual([
      '薬',
      '医',
      '施',
    ]);
  });
});
