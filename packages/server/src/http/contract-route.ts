import type {
  ContractReply,
  EndpointContract,
  ParsedBody,
  ParsedParams,
  ParsedQuery,
} from '@pharmalytics/domain';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { Access } from '../access/access-policy.ts';

/** The request of a contract's route: parameters, query and body as its schemas parse them. */
export type ContractRequest<C extends EndpointContract> = FastifyRequest<{
  Params: ParsedParams<C>;
  Querystring: ParsedQuery<C>;
  Body: ParsedBody<C>;
}>;

export type ContractHandler<C extends EndpointContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<ContractReply<C> | FastifyReply> | ContractReply<C> | FastifyReply;

/** What a route adds to its contract: who may call it, and Fastify's own options. */
export type ContractRouteOptions = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  access: Access;
  config?: Omit<NonNullable<RouteShorthandOptions['config']>, 'access'>;
};

/**
 * Registers a route from its contract: method, path, every schema (answers included, so the
 * OpenAPI document is whole) and the access declaration the access hook enforces.
 */
export function contractRoute<C extends EndpointContract>(
  app: FastifyInstance,
  contract: C,
  options: ContractRouteOptions,
  handler: ContractHandler<C>,
): void {
  const { access, config, ...fastifyOptions } = options;
  app.route({
    ...fastifyOptions,
    method: contract.method,
    url: contract.path,
    schema: {
      tags: [contract.tag],
      summary: contract.summary,
      ...(contract.params && { params: contract.params }),
      ...(contract.query && { querystring: contract.query }),
      ...(contract.headers && { headers: contract.headers }),
      ...(contract.body && { body: contract.body }),
      response: contract.responses,
    },
    config: { ...config, access, contract: true },
    handler: handler as unknown as RouteOptions['handler'],
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Registered from an endpoint contract (the contract test looks for it). */
    contract?: boolean;
  }
}
