import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../../search-condition/index.ts';
import { distributionQuery } from './api.ts';

describe('the distribution call’s query', () => {
  const condition = {
    base: { from: '2026-01-01', to: '2026-03-31' },
    timeAxis: 2 as const,
    filters: NO_FILTERS,
  };

  it('names the period, the stores and the category; no institution filter is not sent', () => {
    expect(distributionQuery(condition, ['1001', '1002'], 4)).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      periodCode: '2',
      storeCodes: '1001,1002',
      addressCategory: '4',
    });
  });

  it('sends the chosen institutions comma-joined', () => {
    const filters = {
      ...NO_FILTERS,
      medicalInstitutions: [
        { text: 'A医院', value: '4019900001' },
        { text: 'B医院', value: '4019900002' },
      ],
    };
    expect(
      distributionQuery({ ...condition, filters }, ['1001'], 2).medicalInstitutionFilters,
    ).toBe('4019900001,4019900002');
  });
});
