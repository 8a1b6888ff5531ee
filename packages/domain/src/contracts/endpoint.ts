import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The body of every error answer: `{ statusCode, message, type?, errors? }`. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  type: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** An answer without a body (204, or a redirect). */
export const noContentSchema = z.null().describe('本文なし');

/** A file answered as an attachment (CSV); its bytes are not JSON. */
export const fileSchema = z.string().describe('ファイル（添付）');

type ResponseCode =
  200 | 201 | 202 | 204 | 302 | 303 | 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503;
export type Responses = Partial<Record<ResponseCode | '4xx' | '5xx', z.ZodType>>;

/**
 * One route of the API: method, path (Fastify's `:param` form), the schemas of its parameters,
 * query and body, and of every answer. The server registers the route from it and the web calls
 * it through it, so the wire shape is written once.
 */
export interface EndpointContract {
  method: HttpMethod;
  path: string;
  /** The OpenAPI group. */
  tag: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** Request headers the route reads (the uploader's file name). */
  headers?: z.ZodType;
  body?: z.ZodType;
  responses: Responses;
}

/** The error answers every route may give: bad input, refusal, rate limit, unavailable. */
const ERROR_RESPONSES = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;

/** A contract, with the shared error answers added. */
export function endpoint<const C extends EndpointContract>(contract: C): C {
  return { ...contract, responses: { ...ERROR_RESPONSES, ...contract.responses } };
}

/**
 * The development twin of a /v3 call: the same question and answer at its /v2 path, counted from
 * the system of record, for system administrators to hold the two engines equal.
 */
export function developmentTwin<const C extends EndpointContract>(contract: C, path: string): C {
  return { ...contract, path, summary: `${contract.summary} (development twin, system of record)` };
}

/**
 * The file export of a /v3 call: the same query at `/v3/{csv|xlsx}/…` beside it, answering the
 * file. The summary says what the file holds.
 */
export function fileExport<const C extends EndpointContract>(
  contract: C,
  format: 'csv' | 'xlsx',
  summary: string,
) {
  return endpoint({
    method: 'GET',
    path: contract.path.replace(/^\/v3\//, `/v3/${format}/`),
    tag: contract.tag,
    summary,
    query: contract.query as C['query'],
    responses: { 200: fileSchema },
  });
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type SuccessCode<R> = Extract<keyof R, 200 | 201 | 202 | 204>;

/** What the caller sends, before parsing (a query's numbers may be strings). */
export type ContractParams<C extends EndpointContract> = C['params'] extends z.ZodType
  ? { [K in keyof z.input<C['params']>]: string | number }
  : undefined;
export type ContractQuery<C extends EndpointContract> = Input<C['query']>;
export type ContractBody<C extends EndpointContract> = Input<C['body']>;
/** What the handler reads, after parsing. */
export type ParsedParams<C extends EndpointContract> = Output<C['params']>;
export type ParsedQuery<C extends EndpointContract> = Output<C['query']>;
export type ParsedBody<C extends EndpointContract> = Output<C['body']>;
/** A successful answer as the caller reads it. */
export type ContractResponse<C extends EndpointContract> = Output<
  C['responses'][SuccessCode<C['responses']>]
>;
/** A successful answer as the handler gives it. */
export type ContractReply<C extends EndpointContract> = Input<
  C['responses'][SuccessCode<C['responses']>]
>;

/** The schema of the successful answers (one, or any of several). */
export function successSchema(contract: EndpointContract): z.ZodType {
  const schemas = Object.entries(contract.responses)
    .filter(([code]) => /^2\d\d$/.test(code))
    .map(([, schema]) => schema as z.ZodType);
  if (schemas.length === 0) throw new Error(`${contract.method} ${contract.path}: no 2xx answer`);
  return schemas.length === 1 ? schemas[0]! : z.union(schemas as [z.ZodType, z.ZodType]);
}

/** The path with its `:name` parameters filled in (URL-encoded); `::` is a literal colon. */
export function contractPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/::|:([A-Za-z_]\w*)/g, (match, name: string | undefined) => {
    if (name === undefined) return ':';
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: missing :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query object as a query string (`?a=1&b=2`, or '' when empty); undefined values left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
