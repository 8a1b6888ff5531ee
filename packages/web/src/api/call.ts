import {
  contractPath,
  queryString,
  successSchema,
  type ContractBody,
  type ContractParams,
  type ContractQuery,
  type ContractResponse,
  type EndpointContract,
} from '@pharmalytics/domain';
import { apiDownload, apiRequest, type DownloadedFile, type RequestOptions } from './client.ts';
import { ApiError, UNEXPECTED_ANSWER_STATUS } from './errors.ts';

type Part<Name extends string, T> = undefined extends T ? { [K in Name]?: T } : { [K in Name]: T };

/** What a call of a contract sends: its path parameters, query and body, each as its schema reads. */
export type CallInput<C extends EndpointContract> = Part<'params', ContractParams<C>> &
  Part<'query', ContractQuery<C>> &
  Part<'body', ContractBody<C>>;

export type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/** The URL of a contract's call: its path with the parameters, and the query. */
export function contractUrl<C extends EndpointContract>(contract: C, input: CallInput<C>): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: object };
  return (
    contractPath(contract.path, params) + queryString(query as Record<string, unknown> | undefined)
  );
}

/**
 * Calls a route through its contract and parses the answer with the contract's schema: an answer
 * of another shape fails as an ApiError, like any other failed call.
 */
export async function call<C extends EndpointContract>(
  contract: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<ContractResponse<C>> {
  const body = await apiRequest<unknown>(contractUrl(contract, input), {
    ...options,
    method: contract.method,
    body: (input as { body?: unknown }).body,
  });
  const parsed = successSchema(contract).safeParse(body ?? null);
  if (!parsed.success) {
    console.error(`${contract.method} ${contract.path}: unexpected answer`, parsed.error);
    throw new ApiError(UNEXPECTED_ANSWER_STATUS, 'unexpected answer');
  }
  return parsed.data as ContractResponse<C>;
}

/** Downloads the file a contract's route answers (a CSV export). */
export function download<C extends EndpointContract>(
  contract: C,
  input: CallInput<C>,
  options: Omit<CallOptions, 'devSwap'> = {},
): Promise<DownloadedFile> {
  return apiDownload(contractUrl(contract, input), options);
}
