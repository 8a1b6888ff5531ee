import { z } from 'zod';
import { facilityJudgementsQuerySchema } from '../facility-standards/judgement-api.ts';
import { ANALYSIS_PAGES, type AnalysisFamily } from '../pages.ts';
import { analysisCsvQuerySchema } from '../schemas/analysis.ts';
import { marketShareXlsxQuerySchema } from '../schemas/maps.ts';
import { boundedText } from '../schemas/primitives.ts';
import { scorecardQuerySchema } from '../schemas/scorecard.ts';
import { dashboardQuerySchema } from './analytics.ts';
import { endpoint, fileSchema } from './endpoint.ts';

/**
 * The dashboard, the scorecard, 施設基準 and the acquisition-rate table as Excel workbooks, and
 * the dashboard as a PDF report, each asked with the query of its screen.
 */
export const exportContracts = {
  dashboardXlsx: endpoint({
    method: 'GET',
    path: '/v3/xlsx/dashboard',
    tag: 'exports',
    summary: 'The dashboard as an Excel workbook: the eleven KPIs, then a sheet per KPI',
    query: dashboardQuerySchema,
    responses: { 200: fileSchema },
  }),
  dashboardPdf: endpoint({
    method: 'GET',
    path: '/v3/pdf/dashboard',
    tag: 'exports',
    summary:
      'The dashboard as a PDF report: KPIs, scorecard, top institutions, 施設基準 outlook and alerts',
    query: dashboardQuerySchema,
    responses: { 200: fileSchema },
  }),
  facilityStandardsXlsx: endpoint({
    method: 'GET',
    path: '/v3/xlsx/facility_standards',
    tag: 'exports',
    summary: 'The 施設基準 outlook of the stores asked and their months, as an Excel workbook',
    query: facilityJudgementsQuerySchema,
    responses: { 200: fileSchema },
  }),
  scorecardXlsx: endpoint({
    method: 'GET',
    path: '/v3/xlsx/scorecard',
    tag: 'exports',
    summary: 'The store scorecard as an Excel workbook',
    query: scorecardQuerySchema,
    responses: { 200: fileSchema },
  }),
  marketShareXlsx: endpoint({
    method: 'GET',
    path: '/v3/xlsx/market_share',
    tag: 'exports',
    summary:
      'The acquisition-rate table of the meshes chosen on the map (each with its age bands), as an Excel workbook',
    query: marketShareXlsxQuerySchema,
    responses: { 200: fileSchema },
  }),
};

const analysisParams = z.object({ metric: boundedText({ max: 100 }) });

/** The Excel workbook of one analysis page, asked with its CSV's query. */
const analysisXlsx = (family: AnalysisFamily) =>
  endpoint({
    method: 'GET',
    path: `/v3/xlsx/${family}/:metric`,
    tag: 'exports',
    summary: `The ${family} analysis page as an Excel workbook (table and a long-format sheet)`,
    params: analysisParams,
    query: analysisCsvQuerySchema,
    responses: { 200: fileSchema },
  });

/** The Excel export of every analysis page, by family. */
export const analysisXlsxContracts = Object.fromEntries(
  ANALYSIS_PAGES.map((page) => [page.family, analysisXlsx(page.family)]),
) as Record<AnalysisFamily, ReturnType<typeof analysisXlsx>>;
