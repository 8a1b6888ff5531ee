import {
  prescriberChangesQuerySchema,
  prescriberChangesResponseSchema,
  prescriberNoticeDismissalSchema,
  prescriberNoticesResponseSchema,
  retentionCohortsQuerySchema,
  retentionCohortsResponseSchema,
  retentionOverdueQuerySchema,
  retentionOverdueResponseSchema,
} from '../schemas/retention.ts';
import { developmentTwin, endpoint, fileExport, noContentSchema } from './endpoint.ts';

const cohorts = endpoint({
  method: 'GET',
  path: '/v3/retention/cohorts',
  tag: 'retention',
  summary: 'New patients of each month and the share who came again within 30/90/180 days',
  query: retentionCohortsQuerySchema,
  responses: { 200: retentionCohortsResponseSchema },
});

const overdue = endpoint({
  method: 'GET',
  path: '/v3/retention/overdue',
  tag: 'retention',
  summary: 'Patients whose supply ended without a return, with their revenue at risk',
  query: retentionOverdueQuerySchema,
  responses: { 200: retentionOverdueResponseSchema },
});

const prescriberChanges = endpoint({
  method: 'GET',
  path: '/v3/prescriber_changes',
  tag: 'prescriber-changes',
  summary:
    'Institutions whose prescriptions changed most, new and lost ones, clinics opened nearby',
  query: prescriberChangesQuerySchema,
  responses: { 200: prescriberChangesResponseSchema },
});

/** 患者の継続 (patient/retention): its calls, their development twins and CSVs. */
export const retentionContracts = {
  cohorts,
  cohortsTwin: developmentTwin(cohorts, '/v2/retention/cohorts'),
  cohortsCsv: fileExport(cohorts, 'csv', 'The CSV of the retention cohorts'),
  overdue,
  overdueTwin: developmentTwin(overdue, '/v2/retention/overdue'),
  overdueCsv: fileExport(overdue, 'csv', 'The CSV of every overdue patient'),
  cohortsXlsx: fileExport(
    cohorts,
    'xlsx',
    'The retention cohorts and their breakdown as an Excel workbook',
  ),
  overdueXlsx: fileExport(
    overdue,
    'xlsx',
    'Every overdue patient and the totals by store, institution and month, as Excel',
  ),
};

/** 処方元の変化 (inflow/prescriber-changes): its call, its development twin and CSV. */
export const prescriberChangesContracts = {
  prescriberChanges,
  prescriberChangesTwin: developmentTwin(prescriberChanges, '/v2/prescriber_changes'),
  prescriberChangesCsv: fileExport(prescriberChanges, 'csv', 'The CSV of the prescriber changes'),
  prescriberChangesXlsx: fileExport(
    prescriberChanges,
    'xlsx',
    'The prescriber changes, notices and nearby openings and closings as Excel',
  ),
  notices: endpoint({
    method: 'GET',
    path: '/v3/prescriber_notices',
    tag: 'prescriber-changes',
    summary:
      'The strongest prescriber changes of the last three whole months the member has not closed',
    responses: { 200: prescriberNoticesResponseSchema },
  }),
  dismissNotice: endpoint({
    method: 'POST',
    path: '/v3/prescriber_notices/dismissals',
    tag: 'prescriber-changes',
    summary: 'Records a prescriber notice the member closed, so it stays closed',
    body: prescriberNoticeDismissalSchema,
    responses: { 204: noContentSchema },
  }),
};
