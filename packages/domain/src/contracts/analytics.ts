import { z } from 'zod';
import { FIELD_LABELS } from '../messages.ts';
import { DASHBOARD_METRIC_SLUGS } from '../metrics.ts';
import { ANALYSIS_PAGES, type AnalysisFamily } from '../pages.ts';
import {
  analysisCsvQuerySchema,
  analysisQuerySchema,
  analysisResponseSchema,
  dashboardResponseSchema,
  medicalInstitutionsResponseSchema,
} from '../schemas/analysis.ts';
import { boundedText, calendarDate, decimalInteger, storeCodeList } from '../schemas/primitives.ts';
import { scorecardQuerySchema, scorecardResponseSchema } from '../schemas/scorecard.ts';
import { TIME_AXES, timeAxis } from '../periods.ts';
import { developmentTwin, endpoint, fileSchema } from './endpoint.ts';

/** The query of GET /v3/dashboard/{metric}: the base and comparison periods, axis and stores. */
export const dashboardQuerySchema = z.object({
  baseFrom: calendarDate(),
  baseTo: calendarDate(),
  comparisonTargetFrom: calendarDate(),
  comparisonTargetTo: calendarDate(),
  periodCode: decimalInteger({
    label: FIELD_LABELS.timeAxis,
    min: 1,
    max: TIME_AXES.length,
  }).default(timeAxis('daily').value),
  storeCodes: storeCodeList({ label: FIELD_LABELS.storeCode }).default(''),
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;
export type DashboardQueryInput = z.input<typeof dashboardQuerySchema>;

const dashboardParams = z.object({ metric: z.enum(DASHBOARD_METRIC_SLUGS) });

const dashboard = endpoint({
  method: 'GET',
  path: '/v3/dashboard/:metric',
  tag: 'dashboard',
  summary: 'A dashboard metric over the base and comparison periods',
  params: dashboardParams,
  query: dashboardQuerySchema,
  responses: { 200: dashboardResponseSchema },
});

/** The dashboard, the store scorecard and the filter's list of institutions. */
export const analyticsContracts = {
  dashboard,
  dashboardTwin: developmentTwin(dashboard, '/v2/dashboard/:metric'),
  scorecard: endpoint({
    method: 'GET',
    path: '/v3/scorecard',
    tag: 'scorecard',
    summary: 'The store scorecard: every KPI of each store and of all of them',
    query: scorecardQuerySchema,
    responses: { 200: scorecardResponseSchema },
  }),
  medicalInstitutions: endpoint({
    method: 'GET',
    path: '/v3/medical_institutions',
    tag: 'analysis',
    summary: 'The institutions seen in the member’s stores, for the filter’s autocomplete',
    responses: { 200: medicalInstitutionsResponseSchema },
  }),
};

const analysisParams = z.object({ metric: boundedText({ max: 100 }) });

/** The three calls of one analysis page: its chart, the chart's development twin, its CSV. */
function analysisPageContracts(family: AnalysisFamily) {
  const chart = endpoint({
    method: 'GET',
    path: `/v3/${family}/:metric`,
    tag: 'analysis',
    summary: `The series of the ${family} analysis page`,
    params: analysisParams,
    query: analysisQuerySchema,
    responses: { 200: analysisResponseSchema },
  });
  return {
    chart,
    twin: developmentTwin(chart, `/v2/${family}/:metric`),
    csv: endpoint({
      method: 'GET',
      path: `/v3/csv/${family}/:metric`,
      tag: 'analysis',
      summary: `The CSV export of the ${family} analysis page`,
      params: analysisParams,
      query: analysisCsvQuerySchema,
      responses: { 200: fileSchema },
    }),
  };
}
export type AnalysisPageContracts = ReturnType<typeof analysisPageContracts>;

/** The calls of every analysis page (spec 02 §7), from the page table, by family. */
export const analysisContracts = Object.fromEntries(
  ANALYSIS_PAGES.map((page) => [page.family, analysisPageContracts(page.family)]),
) as Record<AnalysisFamily, AnalysisPageContracts>;
