import { API_CONTRACTS } from '@pharmalytics/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { recordRoutes } from '../testing/route-catalogue.ts';
import { startTestApp } from '../testing/test-app.ts';

/**
 * Every route of the API is registered from its endpoint contract in the domain package, and the
 * OpenAPI document describes every answer: a route added without a contract, or a contract
 * without a 2xx answer schema, fails here.
 */
const recorder = recordRoutes();
const t = await startTestApp({ seed: false });
recorder.stop();
afterAll(() => t.close());

/** Not API: the web app's files and the OpenAPI document's own pages. */
const isNotApi = (url: string) =>
  url === '/' || url.startsWith('/service') || url.startsWith('/api/docs');
const routes = recorder.routes().filter((route) => !isNotApi(route.url));
const key = (method: string, path: string) => `${method} ${path}`;

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('endpoint contracts', () => {
  it('registers every API route from a contract', () => {
    const without = routes.filter((route) => !route.contract).map((r) => key(r.method, r.url));
    expect(without).toEqual([]);
  });

  it('registers every contract once, at its method and path', () => {
    const registered = routes.map((route) => key(route.method, route.url));
    const contracts = API_CONTRACTS.map((c) => key(c.method, c.path));
    expect(new Set(contracts).size).toBe(contracts.length);
    expect([...registered].sort()).toEqual([...contracts].sort());
  });

  it('describes a successful answer of every operation in the OpenAPI document', async () => {
    const answer = await fetch(`${t.baseUrl}/api/docs/json`);
    const document = (await answer.json()) as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const described = Object.entries(operation.responses ?? {}).some(
          ([code, response]) =>
            /^2\d\d$/.test(code) &&
            Object.values(response.content ?? {}).some((media) => media.schema !== undefined),
        );
        // A 204 has no body to describe.
        const noContent = operation.responses?.['204'] !== undefined;
        if (!described && !noContent) missing.push(key(method.toUpperCase(), path));
      }
    }
    expect(missing).toEqual([]);
    expect(operations).toBe(routes.length);
  });
});
