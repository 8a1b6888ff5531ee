import {
  prescriberChangesContracts,
  type PrescriberChangesQueryInput,
  type PrescriberChangesResponse,
  type PrescriberNotice,
  type PrescriberNoticesResponse,
} from '@pharmalytics/domain';
import { call, download } from '../../api/index.ts';

export const prescriberChangeKeys = {
  changes: (query: PrescriberChangesQueryInput) => ['prescriber-changes', query] as const,
  notices: ['prescriber-changes', 'notices'] as const,
};

export const fetchPrescriberChanges = (
  query: PrescriberChangesQueryInput,
  signal?: AbortSignal,
): Promise<PrescriberChangesResponse> =>
  call(prescriberChangesContracts.prescriberChanges, { query }, { signal });

export const downloadPrescriberChangesCsv = (query: PrescriberChangesQueryInput) =>
  download(prescriberChangesContracts.prescriberChangesCsv, { query });

export const downloadPrescriberChangesXlsx = (query: PrescriberChangesQueryInput) =>
  download(prescriberChangesContracts.prescriberChangesXlsx, { query });

/** GET the dashboard's notices the member has not closed. */
export const fetchPrescriberNotices = (signal?: AbortSignal): Promise<PrescriberNoticesResponse> =>
  call(prescriberChangesContracts.notices, {}, { signal });

/** POST a dismissal: the notice is not shown to the member again. */
export async function dismissPrescriberNotice(
  notice: Pick<PrescriberNotice, 'storeCode' | 'key'>,
): Promise<void> {
  await call(prescriberChangesContracts.dismissNotice, {
    body: { storeCode: notice.storeCode, key: notice.key },
  });
}
