-- The 施設基準 of the 令和8年度改定 (R8, from 2026-06-01) as the official texts set them
-- (docs/facility-standards.md): every 調剤基本料 区分 with its clauses イ–ホ, the
-- 門前薬局等立地依存減算, the 地域支援・医薬品供給対応体制加算 1–5 behind the 後発 85 % gate, the
-- 後発医薬品減算, and the transitional deemed statuses with their expiries. R6 stays for the months
-- before 2026-06; its citations are rewritten as official document names. No source names a web
-- page, and no note speaks of ourselves: a customer reads them.

-- ---- What a rule may be judged on ------------------------------------------------------------

alter table facility_standard_rules drop constraint facility_standard_rules_rule_set_check;
alter table facility_standard_rules add constraint facility_standard_rules_rule_set_check
  check (rule_set in ('basic_fee', 'generic_tier', 'generic_reduction', 'location_reduction',
    'deemed_status'));
-- A deemed status (附則) holds until this day, inclusive; null: "当面の間".
alter table facility_standard_rules add column valid_until date;

alter table facility_standard_conditions drop constraint facility_standard_conditions_measure_check;
alter table facility_standard_conditions drop constraint facility_standard_conditions_check;
-- Measures are checked by the domain's list when the rules are read (FACILITY_MEASURES); here
-- only their form: a flag takes is_true / is_false and no threshold.
alter table facility_standard_conditions add constraint facility_standard_conditions_measure_check
  check (measure ~ '^[a-z0-9_]+$');

-- What a deemed status decides while it holds: the conditions of `rule_code` on `measure` are
-- taken as `outcome` (the 後発 85 % gate met, a 集中率 over 85 % not met); without a measure, the
-- rule itself is taken as `outcome` (an exemption from a reduction).
create table facility_deemed_effects (
  revision_code text not null,
  status_code text not null,
  rule_code text not null,
  measure text check (measure ~ '^[a-z0-9_]+$'),
  outcome boolean not null,
  foreign key (revision_code, status_code) references facility_standard_rules (revision_code, code)
    on delete cascade,
  foreign key (revision_code, rule_code) references facility_standard_rules (revision_code, code)
    on delete cascade
);
create unique index facility_deemed_effects_key
  on facility_deemed_effects (revision_code, status_code, rule_code, coalesce(measure, ''));

-- The fee items each 実績 of the 地域支援・医薬品供給対応体制加算 counts, by the name a fee line
-- carries (SQL LIKE), per revision: a month is counted with the items of the revision in force
-- in it, so a 12-month window crossing 2026-06 counts its R6 months by their R6 names.
create table facility_achievement_fees (
  revision_code text not null references fee_revisions (code) on delete cascade,
  measure text not null check (measure ~ '^achievement_[a-z_]+$'),
  name_pattern text not null,
  source_key text not null,
  primary key (revision_code, measure, name_pattern),
  foreign key (revision_code, source_key) references facility_standard_sources (revision_code, key)
);

-- ---- Store facts the new rules need -------------------------------------------------------------

-- Null: not entered. The judgement then says which fact is missing instead of assuming one.
alter table store_facility_facts
  drop column urban_new_opening,
  -- 別表第三の一 (政令指定都市・東京23区); null: taken from the store's city.
  add column urban_area boolean,
  add column same_site_as_institution boolean not null default false,
  add column online_clinic_on_site boolean not null default false,
  add column medicine_supply_record boolean,
  add column price_negotiation boolean,
  add column regional_support_system boolean,
  -- 保険薬局の指定日 (the latest designation).
  add column designated_on date;

-- A 医療モール (several institutions on one site or in one building, or run as a mall) counts as
-- one institution for every store, like a building.
alter table same_building_groups
  add column kind text not null default 'building' check (kind in ('building', 'mall'));

-- ---- R6: official names for its sources -------------------------------------------------------

update fee_revisions set
  source = '令和6年厚生労働省告示第57号（調剤報酬点数表 別表第三）、令和6年厚生労働省告示第59号（特掲診療料の施設基準等の改正）、保医発0305第4号 別添3（留意事項）'
where code = 'R6';
update facility_standard_sources set citation = '調剤報酬点数表（令和6年厚生労働省告示第57号 別表第三）区分00 調剤基本料'
where revision_code = 'R6' and key = 'points';
update facility_standard_sources set citation = '調剤報酬点数表（令和6年厚生労働省告示第57号 別表第三）区分00 注8、特掲診療料の施設基準等（令和6年厚生労働省告示第59号による改正後）第十五 五の二'
where revision_code = 'R6' and key = 'note8';
update facility_standard_sources set citation = '特掲診療料の施設基準等（令和6年厚生労働省告示第59号による改正後）第十五 一'
where revision_code = 'R6' and key = 'standards';
update facility_standard_sources set citation = '調剤報酬点数表（令和6年厚生労働省告示第57号 別表第三）区分00 注7、特掲診療料の施設基準等（令和6年厚生労働省告示第59号による改正後）第十五 五'
where revision_code = 'R6' and key = 'generic';
update facility_standard_sources set citation = '調剤報酬点数表（令和6年厚生労働省告示第57号 別表第三）区分00 注1 ただし書、特掲診療料の施設基準等（令和6年厚生労働省告示第59号による改正後）第十五 二'
where revision_code = 'R6' and key = 'order';
update facility_standard_rules set note = null where revision_code = 'R6';
-- 3ハ is judged after 基本料2 (第十五 一 (5) leaves out the stores of (2)); 3イ before it.
update facility_standard_rules set priority = priority + 10 where revision_code = 'R6'
  and code in ('basic_3i', 'basic_2', 'basic_3ha');
update facility_standard_rules set priority = 5 where revision_code = 'R6' and code = 'basic_3i';
update facility_standard_rules set priority = 6 where revision_code = 'R6' and code = 'basic_2';
update facility_standard_rules set priority = 7 where revision_code = 'R6' and code = 'basic_3ha';
update facility_standard_rules set basis = '告示' where revision_code = 'R6';
update facility_standard_conditions set basis = '告示', note = null where revision_code = 'R6';
update facility_standard_conditions set note = '同一建物内の医療機関は合算'
where revision_code = 'R6' and rule_code = 'basic_2' and clause = 4;
update facility_standard_conditions set note = '集中率が最も高い医療機関が同一のグループ店舗の受付回数の合計'
where revision_code = 'R6' and rule_code = 'basic_2' and clause = 5;
update facility_standard_conditions set note = '月600回以下の薬局は対象外'
where revision_code = 'R6' and rule_code = 'generic_reduction' and measure = 'receptions_per_month';

-- ---- R8: replaced whole ------------------------------------------------------------------------

delete from facility_standard_rules where revision_code = 'R8';
delete from facility_standard_sources where revision_code = 'R8';
update fee_revisions set
  source = '令和8年厚生労働省告示第69号（調剤報酬点数表 別表第三）、特掲診療料の施設基準等の一部を改正する告示、保医発0305第6号 別添3（留意事項）、疑義解釈資料（その1〜その9）'
where code = 'R8';

insert into facility_standard_sources (revision_code, key, citation) values
  ('R8', 'points', '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00'),
  ('R8', 'basic1', '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00 1、特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）第十五 一 (1)'),
  ('R8', 'basic2', '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00 2、特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）第十五 一 (2)'),
  ('R8', 'basic3', '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00 3、特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）第十五 一 (3)〜(5)'),
  ('R8', 'special_a', '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00 4、特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）第十五 一 (6)'),
  ('R8', 'special_b', '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00 注2、特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）第十五 二の二'),
  ('R8', 'low_resource', '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00 注1 ただし書、特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）第十五 二'),
  ('R8', 'location', '特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）第十五 五の六'),
  ('R8', 'location_points', '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00 注15'),
  ('R8', 'regional', '特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）第十五 四'),
  ('R8', 'regional_points', '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00 注5'),
  ('R8', 'supply', '疑義解釈資料の送付について（その2）問3・問4、（その7）問1'),
  ('R8', 'achievement', '疑義解釈資料の送付について（その1）問1'),
  ('R8', 'achievement_list', '特掲診療料の施設基準等及びその届出に関する手続きの取扱いについて（令和8年3月5日保医発0305第8号）第92'),
  ('R8', 'generic_reduction', '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00 注8、特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）第十五 五の二'),
  ('R8', 'transition_1800', '特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）第十七 六'),
  ('R8', 'transition_generic', '特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）第十七 八'),
  ('R8', 'transition_location', '特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）第十七 九、疑義解釈資料の送付について（その2）問9');

insert into facility_standard_rules
  (revision_code, code, rule_set, name, points, priority, is_default, basis, source_key, note, valid_until)
values
  ('R8', 'special_b', 'basic_fee', '特別調剤基本料B', 3, 1, false, '告示', 'special_b',
   '調剤基本料の届出をしていない薬局', null),
  ('R8', 'special_a', 'basic_fee', '特別調剤基本料A', 5, 2, false, '告示', 'special_a',
   '医療機関と不動産取引等その他の特別な関係があり、その医療機関の処方箋の割合が5割を超える薬局、または同一の敷地内・建物内にオンライン診療受診施設を設置している薬局', null),
  ('R8', 'basic_1', 'basic_fee', '調剤基本料1', 47, 3, true, '告示', 'basic1',
   '他の区分に当たらない薬局。医療資源の少ない地域に所在する薬局は調剤基本料1', null),
  ('R8', 'basic_3ro', 'basic_fee', '調剤基本料3ロ', 20, 4, false, '告示', 'basic3', null, null),
  ('R8', 'basic_3i', 'basic_fee', '調剤基本料3イ', 25, 5, false, '告示', 'basic3', null, null),
  ('R8', 'basic_2', 'basic_fee', '調剤基本料2', 30, 6, false, '告示', 'basic2',
   '同一の敷地内・建物内の複数の医療機関（医療モールを含む）は一の医療機関とみなす', null),
  ('R8', 'basic_3ha', 'basic_fee', '調剤基本料3ハ', 37, 7, false, '告示', 'basic3',
   '調剤基本料2に該当する薬局を除く', null),
  ('R8', 'location_reduction', 'location_reduction', '門前薬局等立地依存減算', -15, 1, false, '告示',
   'location_points', '特別調剤基本料Aの薬局と医療資源の少ない地域の薬局は対象外', null),
  ('R8', 'regional_supply_3', 'generic_tier', '地域支援・医薬品供給対応体制加算3', 67, 1, false, '告示',
   'regional_points', '加算1の要件を満たし、調剤基本料1を算定し、十分な体制と相当の実績があること', null),
  ('R8', 'regional_supply_2', 'generic_tier', '地域支援・医薬品供給対応体制加算2', 59, 2, false, '告示',
   'regional_points', '加算1の要件を満たし、調剤基本料1を算定し、十分な体制と十分な実績があること', null),
  ('R8', 'regional_supply_5', 'generic_tier', '地域支援・医薬品供給対応体制加算5', 59, 3, false, '告示',
   'regional_points', '加算1の要件を満たし、調剤基本料1・特別調剤基本料B以外を算定し、十分な体制と相当の実績があること（特別調剤基本料Aの薬局は点数の100分の10）', null),
  ('R8', 'regional_supply_4', 'generic_tier', '地域支援・医薬品供給対応体制加算4', 37, 4, false, '告示',
   'regional_points', '加算1の要件を満たし、調剤基本料1・特別調剤基本料B以外を算定し、十分な体制と十分な実績があること（特別調剤基本料Aの薬局は点数の100分の10）', null),
  ('R8', 'regional_supply_1', 'generic_tier', '地域支援・医薬品供給対応体制加算1', 27, 5, false, '告示',
   'regional_points', '医薬品の安定供給に資する体制があり、後発医薬品の調剤割合が85%以上であること', null),
  ('R8', 'generic_reduction', 'generic_reduction', '後発医薬品減算', -5, 1, false, '告示',
   'generic_reduction', '後発医薬品の調剤割合が50%以下の薬局（月600回以下の薬局を除く）', null),
  ('R8', 'deemed_generic_gate', 'deemed_status', '後発医薬品調剤割合85%の経過措置', null, 1, false,
   '告示', 'transition_generic',
   '令和8年3月31日に後発医薬品調剤体制加算1・2・3を届け出ていた薬局は、令和9年5月31日まで後発医薬品の調剤割合8割5分以上に該当するものとみなされる',
   '2027-05-31'),
  ('R8', 'deemed_1800', 'deemed_status', '月1,800回以下の薬局の集中率の経過措置', null, 2, false,
   '告示', 'transition_1800',
   '令和8年5月31日に月1,800回以下で届け出ていた薬局が引き続き月1,800回以下である間は、調剤基本料の区分の判定で集中率85%以下とみなされる（当面の間）',
   null),
  ('R8', 'deemed_location_exempt', 'deemed_status', '既存の薬局の立地依存減算の経過措置', null, 3, false,
   '告示', 'transition_location',
   '令和8年5月31日以前に保険薬局の指定を受けた薬局は、当面の間、門前薬局等立地依存減算の対象とならない',
   null);

insert into facility_standard_conditions
  (revision_code, rule_code, clause, position, measure, comparator, threshold, basis, source_key, note)
values
  ('R8', 'special_b', 1, 1, 'basic_fee_notified', 'is_false', null, '告示', 'special_b', null),
  ('R8', 'special_a', 1, 1, 'special_relationship', 'is_true', null, '告示', 'special_a', null),
  ('R8', 'special_a', 1, 2, 'concentration_rate', 'gt', 50, '告示', 'special_a', null),
  ('R8', 'special_a', 2, 1, 'online_clinic_on_site', 'is_true', null, '告示', 'special_a', null),
  ('R8', 'basic_1', 1, 1, 'low_resource_area', 'is_true', null, '告示', 'low_resource', null),
  -- 基本料3: the group over 40万回/月 (ロ with 集中率 over 85 % or a 不動産取引等, ハ without),
  -- or over 3.5万 up to 40万 (イ). The 300-store criterion of R6 is gone.
  ('R8', 'basic_3ro', 1, 1, 'group_receptions_per_month', 'gt', 400000, '告示', 'basic3', null),
  ('R8', 'basic_3ro', 1, 2, 'concentration_rate', 'gt', 85, '告示', 'basic3', null),
  ('R8', 'basic_3ro', 2, 1, 'group_receptions_per_month', 'gt', 400000, '告示', 'basic3', null),
  ('R8', 'basic_3ro', 2, 2, 'real_estate_lease', 'is_true', null, '告示', 'basic3', null),
  ('R8', 'basic_3ha', 1, 1, 'group_receptions_per_month', 'gt', 400000, '告示', 'basic3', null),
  ('R8', 'basic_3ha', 1, 2, 'concentration_rate', 'lte', 85, '告示', 'basic3', null),
  ('R8', 'basic_3i', 1, 1, 'group_receptions_per_month', 'gt', 35000, '告示', 'basic3', null),
  ('R8', 'basic_3i', 1, 2, 'group_receptions_per_month', 'lte', 400000, '告示', 'basic3', null),
  ('R8', 'basic_3i', 1, 3, 'concentration_rate', 'gt', 85, '告示', 'basic3', null),
  ('R8', 'basic_3i', 2, 1, 'group_receptions_per_month', 'gt', 35000, '告示', 'basic3', null),
  ('R8', 'basic_3i', 2, 2, 'group_receptions_per_month', 'lte', 400000, '告示', 'basic3', null),
  ('R8', 'basic_3i', 2, 3, 'real_estate_lease', 'is_true', null, '告示', 'basic3', null),
  -- 基本料2 イ–ホ.
  ('R8', 'basic_2', 1, 1, 'receptions_per_month', 'gt', 4000, '告示', 'basic2', 'イ'),
  ('R8', 'basic_2', 1, 2, 'top3_concentration_rate', 'gt', 70, '告示', 'basic2', 'イ'),
  ('R8', 'basic_2', 2, 1, 'receptions_per_month', 'gt', 1800, '告示', 'basic2', 'ロ'),
  ('R8', 'basic_2', 2, 2, 'concentration_rate', 'gt', 85, '告示', 'basic2', 'ロ'),
  ('R8', 'basic_2', 3, 1, 'receptions_per_month', 'gt', 600, '告示', 'basic2', 'ハ'),
  ('R8', 'basic_2', 3, 2, 'concentration_rate', 'gt', 85, '告示', 'basic2', 'ハ'),
  ('R8', 'basic_2', 3, 3, 'urban_area', 'is_true', null, '告示', 'basic2', 'ハ'),
  ('R8', 'basic_2', 3, 4, 'other_pharmacies_within_500m', 'gte', 1, '告示', 'basic2', 'ハ'),
  ('R8', 'basic_2', 4, 1, 'top_institution_receptions_per_month', 'gt', 4000, '告示', 'basic2',
   'ニ（同一建物内・医療モールの医療機関は合算）'),
  ('R8', 'basic_2', 5, 1, 'group_same_institution_receptions_per_month', 'gt', 4000, '告示',
   'basic2', 'ホ（集中率が最も高い医療機関が同一のグループ店舗の受付回数の合計）'),
  -- 門前薬局等立地依存減算: 1 ①–③ in a 別表第三の一 area, or 2 on an institution's site.
  ('R8', 'location_reduction', 1, 1, 'urban_area', 'is_true', null, '告示', 'location', '1 ①'),
  ('R8', 'location_reduction', 1, 2, 'other_pharmacies_within_500m', 'gte', 1, '告示', 'location', '1 ①'),
  ('R8', 'location_reduction', 1, 3, 'concentration_rate', 'gt', 85, '告示', 'location', '1 ①'),
  ('R8', 'location_reduction', 1, 4, 'near_large_hospital', 'is_true', null, '告示', 'location',
   '1 ①（許可病床200床以上の病院の敷地から100m以内）'),
  ('R8', 'location_reduction', 1, 5, 'large_hospital_zone_pharmacies', 'gte', 2, '告示', 'location', '1 ①'),
  ('R8', 'location_reduction', 1, 6, 'special_fee_a', 'is_false', null, '告示', 'location', '柱書'),
  ('R8', 'location_reduction', 1, 7, 'low_resource_area', 'is_false', null, '告示', 'location', '柱書'),
  ('R8', 'location_reduction', 2, 1, 'urban_area', 'is_true', null, '告示', 'location', '1 ②'),
  ('R8', 'location_reduction', 2, 2, 'other_pharmacies_within_500m', 'gte', 1, '告示', 'location', '1 ②'),
  ('R8', 'location_reduction', 2, 3, 'concentration_rate', 'gt', 85, '告示', 'location', '1 ②'),
  ('R8', 'location_reduction', 2, 4, 'other_pharmacies_within_50m', 'gte', 2, '告示', 'location', '1 ②'),
  ('R8', 'location_reduction', 2, 5, 'special_fee_a', 'is_false', null, '告示', 'location', '柱書'),
  ('R8', 'location_reduction', 2, 6, 'low_resource_area', 'is_false', null, '告示', 'location', '柱書'),
  ('R8', 'location_reduction', 3, 1, 'urban_area', 'is_true', null, '告示', 'location', '1 ③'),
  ('R8', 'location_reduction', 3, 2, 'other_pharmacies_within_500m', 'gte', 1, '告示', 'location', '1 ③'),
  ('R8', 'location_reduction', 3, 3, 'concentration_rate', 'gt', 85, '告示', 'location', '1 ③'),
  ('R8', 'location_reduction', 3, 4, 'neighbour_pharmacies_within_50m', 'gte', 2, '告示', 'location',
   '1 ③（50m以内の薬局が②に該当）'),
  ('R8', 'location_reduction', 3, 5, 'special_fee_a', 'is_false', null, '告示', 'location', '柱書'),
  ('R8', 'location_reduction', 3, 6, 'low_resource_area', 'is_false', null, '告示', 'location', '柱書'),
  ('R8', 'location_reduction', 4, 1, 'concentration_rate', 'gt', 85, '告示', 'location', '2'),
  ('R8', 'location_reduction', 4, 2, 'same_site_as_institution', 'is_true', null, '告示', 'location', '2'),
  ('R8', 'location_reduction', 4, 3, 'special_fee_a', 'is_false', null, '告示', 'location', '柱書'),
  ('R8', 'location_reduction', 4, 4, 'low_resource_area', 'is_false', null, '告示', 'location', '柱書'),
  -- 後発医薬品減算.
  ('R8', 'generic_reduction', 1, 1, 'generic_share', 'lte', 50, '告示', 'generic_reduction', null),
  ('R8', 'generic_reduction', 1, 2, 'receptions_per_month', 'gt', 600, '告示', 'generic_reduction',
   '注8 ただし書'),
  -- Deemed statuses: what the store must be for each.
  ('R8', 'deemed_generic_gate', 1, 1, 'held_generic_tier_2026_03', 'is_true', null, '告示',
   'transition_generic', null),
  ('R8', 'deemed_1800', 1, 1, 'receptions_per_month_before_revision', 'lte', 1800, '告示',
   'transition_1800', null),
  ('R8', 'deemed_1800', 1, 2, 'receptions_per_month', 'lte', 1800, '告示', 'transition_1800', null),
  ('R8', 'deemed_location_exempt', 1, 1, 'designated_before_revision', 'is_true', null, '告示',
   'transition_location', null);

-- 地域支援・医薬品供給対応体制加算: every tier behind the gate and the supply system (加算1's
-- requirements), the upper tiers with the 体制 and the 実績 per 1万回 over 12 months.
insert into facility_standard_conditions
  (revision_code, rule_code, clause, position, measure, comparator, threshold, basis, source_key, note)
select 'R8', tier.code, 1, c.position, c.measure, c.comparator, c.threshold, c.basis, c.source_key, c.note
from (values ('regional_supply_1', 1), ('regional_supply_2', 2), ('regional_supply_3', 3),
  ('regional_supply_4', 4), ('regional_supply_5', 5)) as tier (code, level)
join (values
  (1, 'generic_share', 'gte', 85::numeric, '告示', 'regional', '(1) ロ', array[1, 2, 3, 4, 5]),
  (2, 'medicine_supply_record', 'is_true', null, '告示', 'supply', '(1) イ', array[1, 2, 3, 4, 5]),
  (3, 'price_negotiation', 'is_true', null, '告示', 'supply', '(1) イ', array[1, 2, 3, 4, 5]),
  (4, 'basic_fee_1', 'is_true', null, '告示', 'regional', '(2) ロ', array[2, 3]),
  (4, 'basic_fee_1', 'is_false', null, '告示', 'regional', '(4) ロ', array[4, 5]),
  (5, 'basic_fee_notified', 'is_true', null, '告示', 'regional_points', '注5（特別調剤基本料Bを除く）', array[1, 4, 5]),
  (6, 'regional_support_system', 'is_true', null, '告示', 'regional', '十分な体制', array[2, 3, 4, 5]),
  (7, 'achievement_medication_adjustment', 'gte', 20, '告示', 'achievement', '十分な実績', array[2, 4]),
  (8, 'achievement_primary_guidance', 'gte', 20, '告示', 'achievement', '十分な実績', array[2, 4]),
  (7, 'achievement_medication_adjustment', 'gte', 40, '未確認', 'achievement_list', '相当の実績', array[3, 5]),
  (8, 'achievement_primary_guidance', 'gte', 40, '未確認', 'achievement_list', '相当の実績', array[3, 5]),
  (9, 'achievement_night_holiday', 'gte', 400, '未確認', 'achievement_list', '相当の実績', array[3, 5]),
  (10, 'achievement_narcotics', 'gte', 10, '未確認', 'achievement_list', '相当の実績', array[3, 5]),
  (11, 'achievement_outpatient_support', 'gte', 12, '未確認', 'achievement_list', '相当の実績', array[3, 5]),
  (12, 'achievement_home_visits', 'gte', 24, '未確認', 'achievement_list', '相当の実績', array[3, 5]),
  (13, 'achievement_information_provision', 'gte', 60, '未確認', 'achievement_list', '相当の実績', array[3, 5]),
  (14, 'achievement_conferences', 'gte', 5, '未確認', 'achievement_list', '相当の実績', array[3, 5])
) as c (position, measure, comparator, threshold, basis, source_key, note, levels)
  on tier.level = any (c.levels);

insert into facility_deemed_effects (revision_code, status_code, rule_code, measure, outcome) values
  ('R8', 'deemed_generic_gate', 'regional_supply_1', 'generic_share', true),
  ('R8', 'deemed_generic_gate', 'regional_supply_2', 'generic_share', true),
  ('R8', 'deemed_generic_gate', 'regional_supply_3', 'generic_share', true),
  ('R8', 'deemed_generic_gate', 'regional_supply_4', 'generic_share', true),
  ('R8', 'deemed_generic_gate', 'regional_supply_5', 'generic_share', true),
  ('R8', 'deemed_1800', 'basic_3ro', 'concentration_rate', false),
  ('R8', 'deemed_1800', 'basic_3i', 'concentration_rate', false),
  ('R8', 'deemed_1800', 'basic_2', 'concentration_rate', false),
  ('R8', 'deemed_1800', 'basic_3ha', 'concentration_rate', true),
  ('R8', 'deemed_location_exempt', 'location_reduction', null, false);

-- 実績 items by fee name. R6 months count R6's items where R8 renamed them (疑義解釈 その1 問1:
-- for filings until 2027-06-01 the R6 counts stand in: 重複投薬・相互作用等防止加算 and
-- 在宅患者重複投薬・相互作用等防止管理料; かかりつけ薬剤師指導料 and 包括管理料).
insert into facility_achievement_fees (revision_code, measure, name_pattern, source_key) values
  ('R6', 'achievement_medication_adjustment', '%重複投薬・相互作用等防止%', 'points'),
  ('R6', 'achievement_primary_guidance', 'かかりつけ薬剤師指導料%', 'points'),
  ('R6', 'achievement_primary_guidance', 'かかりつけ薬剤師包括管理料%', 'points'),
  ('R6', 'achievement_night_holiday', '夜間・休日等加算%', 'points'),
  ('R6', 'achievement_narcotics', '麻薬加算%', 'points'),
  ('R6', 'achievement_narcotics', '%加算（麻薬）%', 'points'),
  ('R6', 'achievement_outpatient_support', '外来服薬支援料１%', 'points'),
  ('R6', 'achievement_outpatient_support', '外来服薬支援料1%', 'points'),
  ('R6', 'achievement_home_visits', '在宅患者%訪問薬剤管理指導料%', 'points'),
  ('R6', 'achievement_information_provision', '服薬情報等提供料%', 'points'),
  ('R6', 'achievement_conferences', '%退院時共同指導料%', 'points'),
  ('R8', 'achievement_medication_adjustment', '%調剤時残薬調整加算%', 'achievement'),
  ('R8', 'achievement_medication_adjustment', '%薬学的有害事象等防止加算%', 'achievement'),
  ('R8', 'achievement_primary_guidance', '服薬管理指導料１イ%', 'achievement'),
  ('R8', 'achievement_primary_guidance', '服薬管理指導料1イ%', 'achievement'),
  ('R8', 'achievement_primary_guidance', '服薬管理指導料２イ%', 'achievement'),
  ('R8', 'achievement_primary_guidance', '服薬管理指導料2イ%', 'achievement'),
  ('R8', 'achievement_night_holiday', '夜間・休日等加算%', 'achievement_list'),
  ('R8', 'achievement_narcotics', '麻薬加算%', 'achievement_list'),
  ('R8', 'achievement_narcotics', '%加算（麻薬）%', 'achievement_list'),
  ('R8', 'achievement_outpatient_support', '外来服薬支援料１%', 'achievement_list'),
  ('R8', 'achievement_outpatient_support', '外来服薬支援料1%', 'achievement_list'),
  ('R8', 'achievement_home_visits', '在宅患者%訪問薬剤管理指導料%', 'achievement_list'),
  ('R8', 'achievement_information_provision', '服薬情報等提供料%', 'achievement_list'),
  ('R8', 'achievement_conferences', '%退院時共同指導料%', 'achievement_list');
