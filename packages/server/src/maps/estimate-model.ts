/**
 * The estimate of treated patients of a 1/2 mesh (docs/market-share-model.md), as pure arithmetic
 * over a model's parameters (estimate-parameters.ts reads them from the database):
 *
 *   population by 10-year band = the mesh's census population × the age profile of its census
 *     age groups, each group split into bands by the national age structure;
 *   share of a band treated in D days = 1 − (1 + λ/k)^(−k), λ = daily fill rate of the band × D;
 *   estimate of a band = round(population × share); a mesh's estimate is the sum of its bands.
 */
import { AGE_BANDS } from '@pharmalytics/domain';
import type { MeshPopulationRow } from '../masters/estat-mesh.ts';

/** An age range in whole years, both ends included; `to` null is "and over". */
export interface AgeRange {
  from: number;
  to: number | null;
}

/** A row of an age table (national population, outpatient rates). */
export interface AgeValue extends AgeRange {
  value: number;
}

/** The parameters of one version of the model, as the database holds them. */
export interface EstimateModel {
  version: string;
  effectiveFrom: string;
  /** National outpatient rate per 100,000 on the survey day, the level the rates are scaled to. */
  outpatientRatePer100k: number;
  /** Prescriptions filled at pharmacies in a year. */
  annualPrescriptions: number;
  /** Outpatients on the survey day. */
  surveyDayOutpatients: number;
  /** Shape k of the spread of fill rates between people of one band. */
  heterogeneity: number;
  /** National population by age group (thousands). */
  ageStructure: readonly AgeValue[];
  /** Outpatient rate per 100,000 by age group, as published (its shape only counts). */
  outpatientRates: readonly AgeValue[];
}

/**
 * An open-ended range ends here for the arithmetic of overlaps. It matters only where an
 * open-ended row straddles a band or group boundary, which the seeded tables never do.
 */
const OLDEST_AGE = 109;
const DAYS_PER_YEAR = 365;
const PER_100K = 100_000;

/**
 * The age groups of the census mesh file (T001101): 0–14, 15–64, and 65–74, 75–84, 85–94, 95+
 * as differences of its 65+, 75+, 85+ and 95+ columns.
 */
export const CENSUS_AGE_GROUPS: readonly AgeRange[] = [
  { from: 0, to: 14 },
  { from: 15, to: 64 },
  { from: 65, to: 74 },
  { from: 75, to: 84 },
  { from: 85, to: 94 },
  { from: 95, to: null },
];

/** The 10-year bands of the map's table (AGE_BANDS: 0～9 … 90歳以上). */
export const ESTIMATE_BANDS: readonly AgeRange[] = AGE_BANDS.map((_, i) => ({
  from: i * 10,
  to: i === AGE_BANDS.length - 1 ? null : i * 10 + 9,
}));

/** The census age columns of a mesh row (mesh_population), as the e-Stat reader names them. */
export type CensusAges = Pick<
  MeshPopulationRow,
  'age0to14' | 'age15to64' | 'age65plus' | 'age75plus' | 'age85plus' | 'age95plus'
>;

/** People of each census age group (CENSUS_AGE_GROUPS order); a negative difference counts 0. */
export function censusGroupCounts(ages: CensusAges): number[] {
  const between = (older: number, oldest: number) => Math.max(0, older - oldest);
  return [
    ages.age0to14,
    ages.age15to64,
    between(ages.age65plus, ages.age75plus),
    between(ages.age75plus, ages.age85plus),
    between(ages.age85plus, ages.age95plus),
    ages.age95plus,
  ];
}

const lastAge = (range: AgeRange) => range.to ?? OLDEST_AGE;
const yearsOf = (range: AgeRange) => lastAge(range) - range.from + 1;
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Σ over the ages common to the ranges of a table, a row counting by the share of its years. */
function amountWithin(rows: readonly AgeValue[], ...ranges: AgeRange[]): number {
  return sum(
    rows.map((row) => {
      const all = [row, ...ranges];
      const from = Math.max(...all.map((range) => range.from));
      const to = Math.min(...all.map(lastAge));
      return (row.value * Math.max(0, to - from + 1)) / yearsOf(row);
    }),
  );
}

/**
 * For each census age group, the share of its people in each 10-year band, by the national age
 * structure (a row of the structure counts evenly over its years).
 */
export function groupBandShares(structure: readonly AgeValue[]): number[][] {
  return CENSUS_AGE_GROUPS.map((group) => {
    const people = amountWithin(structure, group);
    return ESTIMATE_BANDS.map((band) =>
      people > 0 ? amountWithin(structure, group, band) / people : 0,
    );
  });
}

/** The national share of each census age group, for a mesh whose ages are all unknown. */
export function nationalGroupProfile(structure: readonly AgeValue[]): number[] {
  const groups = CENSUS_AGE_GROUPS.map((group) => amountWithin(structure, group));
  const total = sum(groups);
  return groups.map((people) => people / total);
}

/** People of each band from a mesh's people and census age groups, with the shares prepared. */
function spreadOverBands(
  people: number,
  groupCounts: readonly number[],
  shares: readonly (readonly number[])[],
  nationalProfile: readonly number[],
): number[] {
  const known = sum(groupCounts);
  const profile = known > 0 ? groupCounts.map((count) => count / known) : nationalProfile;
  return ESTIMATE_BANDS.map((_, band) =>
    sum(profile.map((share, group) => people * share * shares[group]![band]!)),
  );
}

/**
 * People of a mesh by 10-year band: `people` (the mesh's census population) spread over the
 * bands by the profile of `groupCounts` (the census age groups describing the mesh: its own, or
 * for a mesh whose ages are kept secret those of the mesh they were merged into), each group
 * split by the national age structure. People of unknown age follow the same profile; a mesh
 * without any known age takes the national profile. Fractions are kept; rounding comes last.
 */
export function bandPopulation(
  people: number,
  groupCounts: readonly number[],
  structure: readonly AgeValue[],
): number[] {
  return spreadOverBands(
    people,
    groupCounts,
    groupBandShares(structure),
    nationalGroupProfile(structure),
  );
}

/** The outpatient rate of each band: the age table's rows weighted by national population. */
export function bandOutpatientRates(model: EstimateModel): number[] {
  return ESTIMATE_BANDS.map((band) => {
    const weights = model.outpatientRates.map((row) => amountWithin(model.ageStructure, row, band));
    const people = sum(weights);
    return people > 0
      ? sum(model.outpatientRates.map((row, i) => row.value * weights[i]!)) / people
      : 0;
  });
}

/**
 * What turns the published outpatient rates into prescriptions filled per person and calendar
 * day: the level factor (the national rate over the table's rate at the national age structure)
 * times the fill ratio (prescriptions per calendar day over outpatients on the survey day).
 */
export function rateScale(model: EstimateModel): { level: number; fillRatio: number } {
  const people = model.outpatientRates.map((row) => amountWithin(model.ageStructure, row));
  const standardised =
    sum(model.outpatientRates.map((row, i) => row.value * people[i]!)) / sum(people);
  return {
    level: model.outpatientRatePer100k / standardised,
    fillRatio: model.annualPrescriptions / (DAYS_PER_YEAR * model.surveyDayOutpatients),
  };
}

/** Prescriptions filled per person and calendar day, by band. */
export function dailyFillRates(model: EstimateModel): number[] {
  const { level, fillRatio } = rateScale(model);
  return bandOutpatientRates(model).map((rate) => (rate / PER_100K) * level * fillRatio);
}

/**
 * The share of people with at least one fill in `days` days, when fills come at `dailyRate` on
 * average and people's own rates spread as a gamma distribution of shape `heterogeneity`
 * (the negative binomial's chance of a count above zero).
 */
export function treatedShare(dailyRate: number, days: number, heterogeneity: number): number {
  const expected = dailyRate * days;
  return 1 - (1 + expected / heterogeneity) ** -heterogeneity;
}

/** The share of each band treated in `days` days. */
export function bandTreatedShares(model: EstimateModel, days: number): number[] {
  return dailyFillRates(model).map((rate) => treatedShare(rate, days, model.heterogeneity));
}

/** Estimated treated patients by band: whole persons (rounded) of people × treated share. */
export function bandEstimates(
  populationByBand: readonly number[],
  treatedShares: readonly number[],
): number[] {
  return populationByBand.map((people, band) => Math.round(people * treatedShares[band]!));
}

/**
 * The estimate by band of any mesh over `days` days under one model, prepared once for the
 * meshes of a call: (people, census age groups describing them) → whole persons by band.
 */
export function meshEstimator(
  model: EstimateModel,
  days: number,
): (people: number, groupCounts: readonly number[]) => number[] {
  const shares = groupBandShares(model.ageStructure);
  const nationalProfile = nationalGroupProfile(model.ageStructure);
  const treated = bandTreatedShares(model, days);
  return (people, groupCounts) =>
    bandEstimates(spreadOverBands(people, groupCounts, shares, nationalProfile), treated);
}
