import { describe, expect, it } from 'vitest';
import { DEFAULT_STORE_FACTS, storeFactsSchema } from '@pharmalytics/domain';
import {
  CHECKBOX_FACTS,
  dateFact,
  TRI_STATE_FACTS,
  triStateOf,
  triStateValue,
} from './storeFacts.ts';

describe('store facts form', () => {
  it('gives every fact of the schema a field', () => {
    const fields = [...CHECKBOX_FACTS, ...TRI_STATE_FACTS, 'urban_area', 'designated_on'];
    expect(fields.sort()).toEqual(Object.keys(storeFactsSchema.shape).sort());
  });

  it('keeps the facts that stay unknown until entered off the checkboxes', () => {
    for (const fact of CHECKBOX_FACTS) {
      expect(typeof DEFAULT_STORE_FACTS[fact]).toBe('boolean');
    }
    for (const fact of TRI_STATE_FACTS) expect(DEFAULT_STORE_FACTS[fact]).toBeNull();
  });

  it('reads a three-way choice as null, true or false and back', () => {
    expect([null, true, false].map(triStateOf)).toEqual(['unset', 'yes', 'no']);
    expect(['unset', 'yes', 'no'].map(triStateValue)).toEqual([null, true, false]);
    expect(triStateValue('')).toBeNull();
  });

  it('takes an empty date as not entered', () => {
    expect(dateFact('')).toBeNull();
    expect(dateFact('  ')).toBeNull();
    expect(dateFact('2019-04-01')).toBe('2019-04-01');
    const parsed = storeFactsSchema.safeParse({
      ...DEFAULT_STORE_FACTS,
      designated_on: dateFact(''),
    });
    expect(parsed.success).toBe(true);
  });
});
