import type {
  BuildingKind,
  ConditionComparator,
  FacilityRuleSet,
  RuleBasis,
} from '@pharmalytics/domain';
import type { Selectable } from 'kysely';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { describeDrift, listedValues } from './generate-types.ts';
import type {
  FacilityStandardConditions,
  FacilityStandardRules,
  SameBuildingGroups,
} from './schema.ts';

describe('listedValues', () => {
  it('reads the values of a check against a list, quotes included', () => {
    expect(
      listedValues("CHECK ((status = ANY (ARRAY['active'::text, 'suspended'::text])))"),
    ).toEqual(['active', 'suspended']);
    expect(listedValues("CHECK ((VALUE = ANY (ARRAY['告示'::text, 'it''s'::text])))")).toEqual([
      '告示',
      "it's",
    ]);
  });

  it('leaves any other check alone', () => {
    expect(listedValues("CHECK ((measure ~ '^[a-z0-9_]+$'::text))")).toBeNull();
    expect(listedValues('CHECK ((plan_id = ANY (ARRAY[1, 2, 3])))')).toBeNull();
    expect(
      listedValues("CHECK (((status = ANY (ARRAY['a'::text])) OR (other IS NULL)))"),
    ).toBeNull();
  });
});

describe('describeDrift', () => {
  const file = (stores: string, extra = '') => `export interface Stores {
${stores}}
${extra}
export interface DB {
  stores: Stores;${extra ? '\n  things: Things;' : ''}
}
`;

  it('names the tables and columns added, changed and gone', () => {
    const committed = file(
      `  id: Generated<number>;\n  tel: string | null;\n  status: 'a' | 'b';\n`,
    );
    const generated = file(
      `  fax: string | null;\n  id: Generated<number>;\n  status:\n    'a' | 'b' | 'c';\n`,
      'export interface Things {\n  id: number;\n}\n',
    );
    expect(describeDrift(committed, generated)).toEqual([
      '+ stores.fax: string | null',
      "~ stores.status: 'a' | 'b' → 'a' | 'b' | 'c'",
      '- stores.tel',
      '+ things: new table (id)',
    ]);
    expect(describeDrift(generated, committed)).toContain('- things: table gone');
  });

  it('says so when only other lines differ', () => {
    const text = file('  id: number;\n');
    expect(describeDrift(`// header\n${text}`, text)).toEqual([
      '(the tables and columns are the same; other lines differ)',
    ]);
  });
});

describe('schema.ts', () => {
  it('types the checked columns with the values of the domain package', () => {
    expectTypeOf<Selectable<SameBuildingGroups>['kind']>().toEqualTypeOf<BuildingKind>();
    expectTypeOf<FacilityStandardRules['rule_set']>().toEqualTypeOf<FacilityRuleSet>();
    expectTypeOf<FacilityStandardRules['basis']>().toEqualTypeOf<RuleBasis>();
    expectTypeOf<FacilityStandardConditions['basis']>().toEqualTypeOf<RuleBasis>();
    expectTypeOf<FacilityStandardConditions['comparator']>().toEqualTypeOf<ConditionComparator>();
  });
});
