-- The 施設基準 rules of each fee revision (調剤報酬改定) as data: which 調剤基本料 区分 a store falls
-- in and which 後発医薬品 tier (or its successor) it reaches, decided from its measures
-- (docs/facility-standards.md). Every threshold is a row here; the code holds none. A new revision
-- is a new revision row with its sources, rules and conditions.

create table fee_revisions (
  code text primary key check (code ~ '^R[0-9]+$'),
  name text not null,
  effective_from date not null unique,
  -- Last day the revision applies (inclusive); null while no successor is known.
  effective_to date check (effective_to >= effective_from),
  source text not null
);

-- Citations the rules and conditions point to, by a key local to the revision.
create table facility_standard_sources (
  revision_code text not null references fee_revisions (code) on delete cascade,
  key text not null,
  citation text not null,
  primary key (revision_code, key)
);

-- basis: the reference's tag for the figure (告示 read in the official text, 二次 secondary pages,
-- 推定 our inference, 未確認 one unofficial source); 推定 and 未確認 are unconfirmed and must be
-- shown as such.
create domain facility_standard_basis as text check (value in ('告示', '二次', '推定', '未確認'));

-- One 区分 of the basic fee, one tier of the generic addition, or the generic reduction. Within a
-- rule set the rule of the lowest priority number whose conditions hold applies; the basic fee's
-- default rule applies when none holds. Points, and the rule as a whole, carry basis and source;
-- each threshold carries its own.
create table facility_standard_rules (
  revision_code text not null references fee_revisions (code) on delete cascade,
  code text not null,
  rule_set text not null check (rule_set in ('basic_fee', 'generic_tier', 'generic_reduction')),
  name text not null,
  points integer,
  priority smallint not null check (priority > 0),
  is_default boolean not null default false,
  basis facility_standard_basis not null,
  confidence text generated always as (
    case when basis in ('推定', '未確認') then 'unconfirmed' else 'confirmed' end) stored,
  source_key text not null,
  note text,
  primary key (revision_code, code),
  unique (revision_code, rule_set, priority),
  foreign key (revision_code, source_key) references facility_standard_sources (revision_code, key)
);
create unique index facility_standard_rules_one_default
  on facility_standard_rules (revision_code, rule_set) where is_default;

-- A rule holds when all conditions of any one of its clauses hold (clauses are alternatives,
-- conditions within a clause all required). Rates are percent (85 = 85 %), counts per month.
create table facility_standard_conditions (
  revision_code text not null,
  rule_code text not null,
  clause smallint not null check (clause > 0),
  position smallint not null check (position > 0),
  measure text not null check (measure in (
    'receptions_per_month', 'concentration_rate', 'top3_concentration_rate',
    'top_institution_receptions_per_month', 'group_same_institution_receptions_per_month',
    'group_receptions_per_month', 'group_store_count', 'generic_share', 'cutoff_share',
    'basic_fee_notified', 'special_relationship', 'real_estate_lease', 'low_resource_area',
    'urban_new_opening')),
  comparator text not null check (comparator in ('gt', 'gte', 'lt', 'lte', 'is_true', 'is_false')),
  threshold numeric(12, 2),
  basis facility_standard_basis not null,
  confidence text generated always as (
    case when basis in ('推定', '未確認') then 'unconfirmed' else 'confirmed' end) stored,
  source_key text not null,
  note text,
  primary key (revision_code, rule_code, clause, position),
  foreign key (revision_code, rule_code) references facility_standard_rules (revision_code, code)
    on delete cascade,
  foreign key (revision_code, source_key) references facility_standard_sources (revision_code, key),
  -- Flags take is_true / is_false and no threshold; figures take a comparison and a threshold.
  check ((measure in ('basic_fee_notified', 'special_relationship', 'real_estate_lease',
      'low_resource_area', 'urban_new_opening'))
    = (comparator in ('is_true', 'is_false'))),
  check ((comparator in ('is_true', 'is_false')) = (threshold is null))
);

-- ---- 令和6年度改定 ---------------------------------------------------------------------------

insert into fee_revisions (code, name, effective_from, effective_to, source) values
  ('R6', '令和6年度調剤報酬改定', '2024-06-01', '2026-05-31',
   '令和6年厚生労働省告示第57号 別表第三（調剤点数表）、保医発0305第4号 別添3（留意事項）');

insert into facility_standard_sources (revision_code, key, citation) values
  ('R6', 'points', '告示第57号 別表第三 区分00 調剤基本料（点数）'),
  ('R6', 'note8', '告示第57号 別表第三 区分00 注8（後発医薬品減算）'),
  ('R6', 'standards',
   '施設基準の要約（二次）: https://mfeesw.com/?page_id=40440 ; '
   'https://saka1029.github.io/s/06/k/t2_T1_d88-3.html ; '
   'https://kanri.nkdesk.com/chouzai/chouzai15.php ; '
   'https://pharmacy-logistics.com/f1def4b31bfa4730a62b15416efadb7e'),
  ('R6', 'generic',
   '後発医薬品調剤体制加算（二次、広く記載）: http://kanri.nkdesk.com/kasan/kasan1.php ; '
   'https://ph-info.info/1b8a2d0dcc9d805ba961f07d517250fb'),
  ('R6', 'order',
   '判定順は当社の推定: 参照資料は各区分の条件を挙げるが優先順位を明記していない');

insert into facility_standard_rules
  (revision_code, code, rule_set, name, points, priority, is_default, basis, source_key, note)
values
  ('R6', 'special_b', 'basic_fee', '特別調剤基本料B', 3, 1, false, '告示', 'points',
   '調剤基本料の届出がない薬局（ほとんどの加算・管理料を算定できない）'),
  ('R6', 'special_a', 'basic_fee', '特別調剤基本料A', 5, 2, false, '告示', 'points',
   '医療機関と特別な関係（敷地内・不動産取引等）があり集中率50%超'),
  ('R6', 'basic_1', 'basic_fee', '調剤基本料1', 45, 3, true, '告示', 'points',
   '他の区分に当たらない薬局。医療資源の少ない地域では1とされる'),
  ('R6', 'basic_3ro', 'basic_fee', '調剤基本料3ロ', 19, 4, false, '告示', 'points', null),
  ('R6', 'basic_3ha', 'basic_fee', '調剤基本料3ハ', 35, 5, false, '告示', 'points', null),
  ('R6', 'basic_3i', 'basic_fee', '調剤基本料3イ', 24, 6, false, '告示', 'points', null),
  ('R6', 'basic_2', 'basic_fee', '調剤基本料2', 29, 7, false, '告示', 'points', null),
  ('R6', 'generic_3', 'generic_tier', '後発医薬品調剤体制加算3', 30, 1, false, '二次', 'generic', null),
  ('R6', 'generic_2', 'generic_tier', '後発医薬品調剤体制加算2', 28, 2, false, '二次', 'generic', null),
  ('R6', 'generic_1', 'generic_tier', '後発医薬品調剤体制加算1', 21, 3, false, '二次', 'generic', null),
  ('R6', 'generic_reduction', 'generic_reduction', '後発医薬品減算', -5, 1, false, '告示', 'note8',
   '後発医薬品調剤割合50%以下で調剤基本料から5点減算（月600回以下の薬局は対象外）');

insert into facility_standard_conditions
  (revision_code, rule_code, clause, position, measure, comparator, threshold, basis, source_key, note)
values
  ('R6', 'special_b', 1, 1, 'basic_fee_notified', 'is_false', null, '告示', 'points', null),
  ('R6', 'special_a', 1, 1, 'special_relationship', 'is_true', null, '二次', 'standards', null),
  ('R6', 'special_a', 1, 2, 'concentration_rate', 'gt', 50, '二次', 'standards', null),
  ('R6', 'basic_1', 1, 1, 'low_resource_area', 'is_true', null, '推定', 'order',
   '医療資源の少ない地域は基本料1（告示）。特別A・Bより後、基本料3・2より先に判定するのは推定'),
  -- 基本料3ロ: group over 40万回/月 or 300 stores or more, and 集中率 over 85 % or a lease.
  ('R6', 'basic_3ro', 1, 1, 'group_receptions_per_month', 'gt', 400000, '二次', 'standards', null),
  ('R6', 'basic_3ro', 1, 2, 'concentration_rate', 'gt', 85, '二次', 'standards', null),
  ('R6', 'basic_3ro', 2, 1, 'group_receptions_per_month', 'gt', 400000, '二次', 'standards', null),
  ('R6', 'basic_3ro', 2, 2, 'real_estate_lease', 'is_true', null, '二次', 'standards', null),
  ('R6', 'basic_3ro', 3, 1, 'group_store_count', 'gte', 300, '二次', 'standards', null),
  ('R6', 'basic_3ro', 3, 2, 'concentration_rate', 'gt', 85, '二次', 'standards', null),
  ('R6', 'basic_3ro', 4, 1, 'group_store_count', 'gte', 300, '二次', 'standards', null),
  ('R6', 'basic_3ro', 4, 2, 'real_estate_lease', 'is_true', null, '二次', 'standards', null),
  -- 基本料3ハ: the same groups, 集中率 85 % or less (a lease makes it 3ロ, judged first).
  ('R6', 'basic_3ha', 1, 1, 'group_receptions_per_month', 'gt', 400000, '二次', 'standards', null),
  ('R6', 'basic_3ha', 1, 2, 'concentration_rate', 'lte', 85, '二次', 'standards', null),
  ('R6', 'basic_3ha', 2, 1, 'group_store_count', 'gte', 300, '二次', 'standards', null),
  ('R6', 'basic_3ha', 2, 2, 'concentration_rate', 'lte', 85, '二次', 'standards', null),
  -- 基本料3イ: group over 3.5万 up to 4万 with 集中率 over 95 % or a lease; over 4万 up to 40万
  -- with over 85 % or a lease; fewer than 300 stores.
  ('R6', 'basic_3i', 1, 1, 'group_receptions_per_month', 'gt', 35000, '二次', 'standards', null),
  ('R6', 'basic_3i', 1, 2, 'group_receptions_per_month', 'lte', 40000, '二次', 'standards', null),
  ('R6', 'basic_3i', 1, 3, 'concentration_rate', 'gt', 95, '二次', 'standards', null),
  ('R6', 'basic_3i', 1, 4, 'group_store_count', 'lt', 300, '二次', 'standards', null),
  ('R6', 'basic_3i', 2, 1, 'group_receptions_per_month', 'gt', 35000, '二次', 'standards', null),
  ('R6', 'basic_3i', 2, 2, 'group_receptions_per_month', 'lte', 40000, '二次', 'standards', null),
  ('R6', 'basic_3i', 2, 3, 'real_estate_lease', 'is_true', null, '二次', 'standards', null),
  ('R6', 'basic_3i', 2, 4, 'group_store_count', 'lt', 300, '二次', 'standards', null),
  ('R6', 'basic_3i', 3, 1, 'group_receptions_per_month', 'gt', 40000, '二次', 'standards', null),
  ('R6', 'basic_3i', 3, 2, 'group_receptions_per_month', 'lte', 400000, '二次', 'standards', null),
  ('R6', 'basic_3i', 3, 3, 'concentration_rate', 'gt', 85, '二次', 'standards', null),
  ('R6', 'basic_3i', 3, 4, 'group_store_count', 'lt', 300, '二次', 'standards', null),
  ('R6', 'basic_3i', 4, 1, 'group_receptions_per_month', 'gt', 40000, '二次', 'standards', null),
  ('R6', 'basic_3i', 4, 2, 'group_receptions_per_month', 'lte', 400000, '二次', 'standards', null),
  ('R6', 'basic_3i', 4, 3, 'real_estate_lease', 'is_true', null, '二次', 'standards', null),
  ('R6', 'basic_3i', 4, 4, 'group_store_count', 'lt', 300, '二次', 'standards', null),
  -- 基本料2
  ('R6', 'basic_2', 1, 1, 'receptions_per_month', 'gt', 4000, '二次', 'standards', null),
  ('R6', 'basic_2', 1, 2, 'top3_concentration_rate', 'gt', 70, '二次', 'standards', null),
  ('R6', 'basic_2', 2, 1, 'receptions_per_month', 'gt', 2000, '二次', 'standards', null),
  ('R6', 'basic_2', 2, 2, 'concentration_rate', 'gt', 85, '二次', 'standards', null),
  ('R6', 'basic_2', 3, 1, 'receptions_per_month', 'gt', 1800, '二次', 'standards', null),
  ('R6', 'basic_2', 3, 2, 'concentration_rate', 'gt', 95, '二次', 'standards', null),
  ('R6', 'basic_2', 4, 1, 'top_institution_receptions_per_month', 'gt', 4000, '二次', 'standards',
   '同一建物内の医療機関は合算'),
  ('R6', 'basic_2', 5, 1, 'group_same_institution_receptions_per_month', 'gt', 4000, '二次',
   'standards', '集中率最大の医療機関が同じグループ店舗の受付回数を合算'),
  -- 後発医薬品調剤体制加算: 後発医薬品調剤割合 and カットオフ値 50 % or more.
  ('R6', 'generic_3', 1, 1, 'generic_share', 'gte', 90, '二次', 'generic', null),
  ('R6', 'generic_3', 1, 2, 'cutoff_share', 'gte', 50, '二次', 'generic', null),
  ('R6', 'generic_2', 1, 1, 'generic_share', 'gte', 85, '二次', 'generic', null),
  ('R6', 'generic_2', 1, 2, 'cutoff_share', 'gte', 50, '二次', 'generic', null),
  ('R6', 'generic_1', 1, 1, 'generic_share', 'gte', 80, '二次', 'generic', null),
  ('R6', 'generic_1', 1, 2, 'cutoff_share', 'gte', 50, '二次', 'generic', null),
  ('R6', 'generic_reduction', 1, 1, 'generic_share', 'lte', 50, '告示', 'note8', null),
  ('R6', 'generic_reduction', 1, 2, 'receptions_per_month', 'gt', 600, '告示', 'note8',
   '月600回以下の薬局は減算の対象外');

-- ---- 令和8年度改定: R6 with the deltas of the 答申 ------------------------------------------

insert into fee_revisions (code, name, effective_from, effective_to, source) values
  ('R8', '令和8年度調剤報酬改定', '2026-06-01', null,
   '令和8年厚生労働省告示第69号（https://www.mhlw.go.jp/content/12400000/001665294.pdf の転記）、'
   '答申（2026-02-13）の要約');

insert into facility_standard_sources (revision_code, key, citation) values
  ('R8', 'points',
   '告示第69号の点数の転記（二次）: https://www.mhlw.go.jp/content/12400000/001665294.pdf'),
  ('R8', 'deltas',
   '答申の要約（二次）: https://medical-unite-lab.com/?p=1285 ; https://medical-unite-lab.com/?p=1306 ; '
   'https://www.ygken.com/2026/02/2026_76.html ; https://kusuri-yakuzaishi.com/tyouzaihousyuu2026tousin'),
  ('R8', 'standards',
   'R6 の施設基準（変更の報告なし、二次）: https://mfeesw.com/?page_id=40440 ; '
   'https://saka1029.github.io/s/06/k/t2_T1_d88-3.html ; https://kanri.nkdesk.com/chouzai/chouzai15.php'),
  ('R8', 'regional',
   '地域支援・医薬品供給対応体制加算（未確認: 公開リポジトリの転記のみ）'),
  ('R8', 'carried', 'R6 の規定を引き継いだ当社の推定（R8 の資料に記載なし）'),
  ('R8', 'order',
   '判定順は当社の推定: 参照資料は各区分の条件を挙げるが優先順位を明記していない');

insert into facility_standard_rules
  (revision_code, code, rule_set, name, points, priority, is_default, basis, source_key, note)
values
  ('R8', 'special_b', 'basic_fee', '特別調剤基本料B', 3, 1, false, '二次', 'points',
   '調剤基本料の届出がない薬局'),
  ('R8', 'special_a', 'basic_fee', '特別調剤基本料A', 5, 2, false, '二次', 'points',
   '医療機関と特別な関係（敷地内・不動産取引等）があり集中率50%超'),
  ('R8', 'basic_1', 'basic_fee', '調剤基本料1', 47, 3, true, '二次', 'points',
   '他の区分に当たらない薬局。医療資源の少ない地域では1とされる'),
  ('R8', 'basic_3ro', 'basic_fee', '調剤基本料3ロ', 20, 4, false, '二次', 'points', null),
  ('R8', 'basic_3ha', 'basic_fee', '調剤基本料3ハ', 37, 5, false, '二次', 'points', null),
  ('R8', 'basic_3i', 'basic_fee', '調剤基本料3イ', 25, 6, false, '二次', 'points', null),
  ('R8', 'basic_2', 'basic_fee', '調剤基本料2', 30, 7, false, '二次', 'points', null),
  ('R8', 'regional_supply_1', 'generic_tier', '地域支援・医薬品供給対応体制加算1', 27, 1, false,
   '未確認', 'regional',
   '後発医薬品調剤体制加算（廃止）の後継。医薬品の供給体制の要件もあり、この判定は後発医薬品調剤割合のみを見る。'
   'カットオフ値の要件は参照資料に記載がない'),
  ('R8', 'generic_reduction', 'generic_reduction', '後発医薬品減算', -5, 1, false, '二次', 'deltas',
   'R8 でも存続（−5点）');

insert into facility_standard_conditions
  (revision_code, rule_code, clause, position, measure, comparator, threshold, basis, source_key, note)
values
  ('R8', 'special_b', 1, 1, 'basic_fee_notified', 'is_false', null, '二次', 'standards', null),
  ('R8', 'special_a', 1, 1, 'special_relationship', 'is_true', null, '二次', 'standards', null),
  ('R8', 'special_a', 1, 2, 'concentration_rate', 'gt', 50, '二次', 'standards', null),
  ('R8', 'basic_1', 1, 1, 'low_resource_area', 'is_true', null, '推定', 'order',
   '医療資源の少ない地域は基本料1。特別A・Bより後、基本料3・2より先に判定するのは推定'),
  ('R8', 'basic_3ro', 1, 1, 'group_receptions_per_month', 'gt', 400000, '二次', 'standards', null),
  ('R8', 'basic_3ro', 1, 2, 'concentration_rate', 'gt', 85, '二次', 'standards', null),
  ('R8', 'basic_3ro', 2, 1, 'group_receptions_per_month', 'gt', 400000, '二次', 'standards', null),
  ('R8', 'basic_3ro', 2, 2, 'real_estate_lease', 'is_true', null, '二次', 'standards', null),
  ('R8', 'basic_3ro', 3, 1, 'group_store_count', 'gte', 300, '二次', 'standards', null),
  ('R8', 'basic_3ro', 3, 2, 'concentration_rate', 'gt', 85, '二次', 'standards', null),
  ('R8', 'basic_3ro', 4, 1, 'group_store_count', 'gte', 300, '二次', 'standards', null),
  ('R8', 'basic_3ro', 4, 2, 'real_estate_lease', 'is_true', null, '二次', 'standards', null),
  ('R8', 'basic_3ha', 1, 1, 'group_receptions_per_month', 'gt', 400000, '二次', 'standards', null),
  ('R8', 'basic_3ha', 1, 2, 'concentration_rate', 'lte', 85, '二次', 'standards', null),
  ('R8', 'basic_3ha', 2, 1, 'group_store_count', 'gte', 300, '二次', 'standards', null),
  ('R8', 'basic_3ha', 2, 2, 'concentration_rate', 'lte', 85, '二次', 'standards', null),
  ('R8', 'basic_3i', 1, 1, 'group_receptions_per_month', 'gt', 35000, '二次', 'standards', null),
  ('R8', 'basic_3i', 1, 2, 'group_receptions_per_month', 'lte', 40000, '二次', 'standards', null),
  ('R8', 'basic_3i', 1, 3, 'concentration_rate', 'gt', 95, '二次', 'standards', null),
  ('R8', 'basic_3i', 1, 4, 'group_store_count', 'lt', 300, '二次', 'standards', null),
  ('R8', 'basic_3i', 2, 1, 'group_receptions_per_month', 'gt', 35000, '二次', 'standards', null),
  ('R8', 'basic_3i', 2, 2, 'group_receptions_per_month', 'lte', 40000, '二次', 'standards', null),
  ('R8', 'basic_3i', 2, 3, 'real_estate_lease', 'is_true', null, '二次', 'standards', null),
  ('R8', 'basic_3i', 2, 4, 'group_store_count', 'lt', 300, '二次', 'standards', null),
  ('R8', 'basic_3i', 3, 1, 'group_receptions_per_month', 'gt', 40000, '二次', 'standards', null),
  ('R8', 'basic_3i', 3, 2, 'group_receptions_per_month', 'lte', 400000, '二次', 'standards', null),
  ('R8', 'basic_3i', 3, 3, 'concentration_rate', 'gt', 85, '二次', 'standards', null),
  ('R8', 'basic_3i', 3, 4, 'group_store_count', 'lt', 300, '二次', 'standards', null),
  ('R8', 'basic_3i', 4, 1, 'group_receptions_per_month', 'gt', 40000, '二次', 'standards', null),
  ('R8', 'basic_3i', 4, 2, 'group_receptions_per_month', 'lte', 400000, '二次', 'standards', null),
  ('R8', 'basic_3i', 4, 3, 'real_estate_lease', 'is_true', null, '二次', 'standards', null),
  ('R8', 'basic_3i', 4, 4, 'group_store_count', 'lt', 300, '二次', 'standards', null),
  ('R8', 'basic_2', 1, 1, 'receptions_per_month', 'gt', 4000, '二次', 'standards', null),
  ('R8', 'basic_2', 1, 2, 'top3_concentration_rate', 'gt', 70, '二次', 'standards', null),
  ('R8', 'basic_2', 2, 1, 'receptions_per_month', 'gt', 1800, '二次', 'deltas',
   'R6 の月2,000回超から引き下げ'),
  ('R8', 'basic_2', 2, 2, 'concentration_rate', 'gt', 85, '二次', 'standards', null),
  ('R8', 'basic_2', 3, 1, 'receptions_per_month', 'gt', 1800, '二次', 'standards',
   'R6 から変更の報告なし（集中率85%超の条件に含まれる）'),
  ('R8', 'basic_2', 3, 2, 'concentration_rate', 'gt', 95, '二次', 'standards', null),
  ('R8', 'basic_2', 4, 1, 'top_institution_receptions_per_month', 'gt', 4000, '二次', 'standards',
   '同一建物内の医療機関は合算'),
  ('R8', 'basic_2', 5, 1, 'group_same_institution_receptions_per_month', 'gt', 4000, '二次',
   'standards', '集中率最大の医療機関が同じグループ店舗の受付回数を合算'),
  ('R8', 'basic_2', 6, 1, 'urban_new_opening', 'is_true', null, '二次', 'deltas',
   '政令市・東京23区の新規開局で500m以内に他の薬局がある'),
  ('R8', 'basic_2', 6, 2, 'concentration_rate', 'gt', 85, '二次', 'deltas', null),
  ('R8', 'basic_2', 6, 3, 'receptions_per_month', 'gt', 600, '二次', 'deltas',
   '月1,800回以下の薬局への経過措置あり（内容は未確認のため判定に含めない）'),
  ('R8', 'regional_supply_1', 1, 1, 'generic_share', 'gte', 85, '未確認', 'regional',
   '後発医薬品調剤割合85%以上と報じられている'),
  ('R8', 'generic_reduction', 1, 1, 'generic_share', 'lte', 50, '二次', 'deltas', null),
  ('R8', 'generic_reduction', 1, 2, 'receptions_per_month', 'gt', 600, '推定', 'carried',
   '月600回以下の薬局は対象外（R6 の注8）');
