-- The model behind the patient acquisition rate map (docs/market-share-model.md): estimated
-- treated patients of a 1/2 mesh over a period = its census population by 10-year age band ×
-- the share of people of that band who fill at least one prescription at a pharmacy in the
-- period. Every number of the model is a row here; the code holds none. A model version applies
-- to periods ending on or after its effective date (the newest such version wins; a period
-- ending before every version uses the oldest).

create table market_share_models (
  version text primary key,
  effective_from date not null unique,
  -- National outpatient rate (外来受療率) per 100,000 people on the survey day: the level the
  -- age table below is scaled to, at the national age structure below.
  outpatient_rate_per_100k numeric(8, 1) not null check (outpatient_rate_per_100k > 0),
  -- Prescriptions filled at pharmacies in a year (処方箋受付回数) and outpatients on the survey
  -- day (推計外来患者数): their ratio turns survey-day outpatients into prescriptions filled per
  -- calendar day (院外処方, weekends, holidays and dental visits included on average).
  annual_prescriptions bigint not null check (annual_prescriptions > 0),
  survey_day_outpatients bigint not null check (survey_day_outpatients > 0),
  -- Shape k of the gamma spread of fill rates between people of one band: the share of a band
  -- with at least one fill in D days is 1 − (1 + λ/k)^(−k), λ = daily fill rate × D.
  heterogeneity numeric(6, 3) not null check (heterogeneity > 0),
  sources text not null
);

-- National population by age group (thousands), which splits the census mesh's coarse age groups
-- (0–14, 15–64, 65–74, 75–84, 85–94, 95+) into 10-year bands and weights the rates below.
-- Rows tile the ages from 0 without gaps; the last is open-ended (age_to null).
create table market_share_age_structure (
  model_version text not null references market_share_models (version) on delete cascade,
  age_from smallint not null check (age_from >= 0),
  age_to smallint check (age_to >= age_from),
  population_thousands integer not null check (population_thousands > 0),
  primary key (model_version, age_from)
);

-- Outpatient rate (外来受療率, per 100,000 people of the age on the survey day) by age group, as
-- published; only its shape counts (its level is scaled to outpatient_rate_per_100k). Rows tile
-- the ages from 0 without gaps; the last is open-ended.
create table market_share_treatment_rates (
  model_version text not null references market_share_models (version) on delete cascade,
  age_from smallint not null check (age_from >= 0),
  age_to smallint check (age_to >= age_from),
  outpatient_rate_per_100k numeric(8, 1) not null check (outpatient_rate_per_100k >= 0),
  primary key (model_version, age_from)
);

insert into market_share_models (version, effective_from, outpatient_rate_per_100k,
  annual_prescriptions, survey_day_outpatients, heterogeneity, sources)
values ('2020census-2023survey', '2020-10-01', 5850, 855420000, 7275000, 1,
  '年齢構成: 令和2年国勢調査 人口等基本集計（総務省統計局）年齢5歳階級別人口（千人に丸め）。'
  '受療率: 平成17年患者調査（厚生労働省）性・年齢階級別 外来受療率（総数）、'
  '水準は令和5年患者調査の外来受療率 5,850（人口10万対）と推計外来患者数 727.5万人に合わせる。'
  '処方箋受付回数: 令和5年度 8億5,542万回（厚生労働省 最近の医療費の動向）。'
  'k = 1 は推定値（docs/market-share-model.md）。');

-- 令和2年国勢調査, population by five-year age group, thousands (rounded). 0–69: the published
-- table (e.g. 0–4 4,516,082 → 4,516). 70 and over: rounded figures of the same table, of lower
-- confidence (see docs/market-share-model.md).
insert into market_share_age_structure (model_version, age_from, age_to, population_thousands)
values
  ('2020census-2023survey', 0, 4, 4516),
  ('2020census-2023survey', 5, 9, 5089),
  ('2020census-2023survey', 10, 14, 5351),
  ('2020census-2023survey', 15, 19, 5617),
  ('2020census-2023survey', 20, 24, 5931),
  ('2020census-2023survey', 25, 29, 6032),
  ('2020census-2023survey', 30, 34, 6485),
  ('2020census-2023survey', 35, 39, 7312),
  ('2020census-2023survey', 40, 44, 8291),
  ('2020census-2023survey', 45, 49, 9650),
  ('2020census-2023survey', 50, 54, 8540),
  ('2020census-2023survey', 55, 59, 7767),
  ('2020census-2023survey', 60, 64, 7297),
  ('2020census-2023survey', 65, 69, 8075),
  ('2020census-2023survey', 70, 74, 9045),
  ('2020census-2023survey', 75, 79, 7010),
  ('2020census-2023survey', 80, 84, 5354),
  ('2020census-2023survey', 85, 89, 3689),
  ('2020census-2023survey', 90, 94, 1804),
  ('2020census-2023survey', 95, null, 552);

-- 平成17年患者調査, 外来受療率 (人口10万対), 総数, by age group as published.
insert into market_share_treatment_rates (model_version, age_from, age_to, outpatient_rate_per_100k)
values
  ('2020census-2023survey', 0, 0, 6276),
  ('2020census-2023survey', 1, 4, 6477),
  ('2020census-2023survey', 5, 9, 4030),
  ('2020census-2023survey', 10, 14, 2390),
  ('2020census-2023survey', 15, 19, 1909),
  ('2020census-2023survey', 20, 24, 2315),
  ('2020census-2023survey', 25, 29, 2706),
  ('2020census-2023survey', 30, 34, 2918),
  ('2020census-2023survey', 35, 39, 3123),
  ('2020census-2023survey', 40, 44, 3517),
  ('2020census-2023survey', 45, 49, 3669),
  ('2020census-2023survey', 50, 54, 4486),
  ('2020census-2023survey', 55, 59, 5535),
  ('2020census-2023survey', 60, 64, 7383),
  ('2020census-2023survey', 65, 69, 9370),
  ('2020census-2023survey', 70, 74, 12846),
  ('2020census-2023survey', 75, 79, 14060),
  ('2020census-2023survey', 80, 84, 13664),
  ('2020census-2023survey', 85, 89, 11693),
  ('2020census-2023survey', 90, null, 8879);
