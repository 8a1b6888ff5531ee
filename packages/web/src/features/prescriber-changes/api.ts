import {
  prescriberChangesContracts,
  type PrescriberChangesQueryInput,
  type PrescriberChangesResponse,
} from '@pharmalytics/domain';
import { call, download } from '../../api/index.ts';

export const prescriberChangeKeys = {
  changes: (query: PrescriberChangesQueryInput) => ['prescriber-changes', query] as const,
};

export const fetchPrescriberChanges = (
  query: PrescriberChangesQueryInput,
  signal?: AbortSignal,
): Promise<PrescriberChangesResponse> =>
  call(prescriberChangesContracts.prescriberChanges, { query }, { signal });

export const downloadPrescriberChangesCsv = (query: PrescriberChangesQueryInput) =>
  download(prescriberChangesContracts.prescriberChangesCsv, { query });
