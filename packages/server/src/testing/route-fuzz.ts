import fc from 'fast-check';
import { z } from 'zod';
import {
  acceptedValue,
  hostileValues,
  jsonSchemaOf,
  type Field,
  type JsonSchema,
  type Location,
} from './hostile-inputs.ts';
import type { CataloguedRoute } from './route-catalogue.ts';

/** One request of the fuzz: where it goes, what it carries and whether it must be refused. */
export interface FuzzRequest {
  method: string;
  /** Path and query string. */
  path: string;
  body?: { json: unknown } | { raw: string | Uint8Array };
  /** With the content type of a raw body. */
  headers: Record<string, string>;
  mustRefuse: boolean;
  /** What is hostile about it, for the report of a failure. */
  why: string;
}

/** What the fuzz sends to a route: its fields with an accepted value each. */
export interface RoutePlan {
  route: CataloguedRoute;
  fields: Field[];
  /** A body sent when no field of the body is fuzzed, for routes that read a raw body. */
  rawBody?: { raw: string | Uint8Array; contentType?: string };
}

/**
 * Values the fuzz sends where the schema alone cannot say (ids of the demo world, …); asked for
 * `('body', '')`, the raw body of a route that reads bytes rather than JSON.
 */
export type Given = (route: CataloguedRoute, location: Location, name: string) => unknown;

/** A route the fuzz cannot send requests to until its schema or the fuzz says more. */
export class NoGenerator extends Error {}

const SCHEMA_PARTS: [Location, 'params' | 'querystring' | 'body' | 'headers'][] = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
  ['headers', 'headers'],
];

/** Fastify writes a literal colon as '::'. */
const ESCAPED_COLON = '\u0000colon\u0000';
const urlParams = (url: string) => [
  ...[...url.replaceAll('::', ESCAPED_COLON).matchAll(/:(\w+)/g)].map((m) => m[1]!),
  ...(url.endsWith('*') ? ['*'] : []),
];

/** The fields of a route's schema (path, query, body, headers); throws NoGenerator. */
export function schemaFields(route: CataloguedRoute): Omit<Field, 'baseline'>[] {
  const fields: Omit<Field, 'baseline'>[] = [];
  for (const [location, part] of SCHEMA_PARTS) {
    const schema = route.schema?.[part];
    if (schema === undefined) continue;
    if (!(schema instanceof z.ZodObject)) {
      throw new NoGenerator(`${route.method} ${route.url}: the ${part} schema is not a zod object`);
    }
    const json = jsonSchemaOf(schema);
    for (const [name, zod] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const required = location === 'params' || (json.required ?? []).includes(name);
      fields.push({ location, name, json: json.properties?.[name] ?? {}, zod, required });
    }
  }
  return fields;
}

/** The fields of a route, each with an accepted value; throws NoGenerator. */
export function planRoute(route: CataloguedRoute, given: Given): RoutePlan {
  const fields: Field[] = schemaFields(route).map((field) => {
    const { location, name, zod, json, required } = field;
    const accepted = acceptedValue(zod, json, required, given(route, location, name));
    if (!accepted.found) {
      throw new NoGenerator(
        `${route.method} ${route.url}: no accepted value for ${location}.${name}; give the fuzz one`,
      );
    }
    return { ...field, baseline: accepted.value };
  });
  // Path parameters the route does not check are fuzzed as text.
  for (const name of urlParams(route.url)) {
    if (fields.some((f) => f.location === 'params' && f.name === name)) continue;
    const json: JsonSchema = { type: 'string' };
    const accepted = acceptedValue(undefined, json, true, given(route, 'params', name));
    fields.push({
      location: 'params',
      name,
      json,
      zod: undefined,
      required: true,
      ...{ baseline: accepted.value },
    });
  }
  const rawBody = given(route, 'body', '') as RoutePlan['rawBody'];
  return { route, fields, ...(rawBody ? { rawBody } : {}) };
}

const hasBody = (method: string) => method !== 'GET';

function encodeQuery(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of [value].flat()) {
      if (item === undefined) continue;
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return pairs.join('&');
}

/** A request with every field at its accepted value, then changed by `change`. */
function build(
  plan: RoutePlan,
  change: { field?: Field; value?: unknown; omit?: boolean } = {},
): {
  path: string;
  query: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
} {
  const values = new Map<Field, unknown>(plan.fields.map((f) => [f, f.baseline]));
  if (change.field) values.set(change.field, change.omit ? undefined : change.value);
  const of = (location: Location) =>
    Object.fromEntries(
      plan.fields
        .filter((f) => f.location === location && values.get(f) !== undefined)
        .map((f) => [f.name, values.get(f)]),
    );
  const params = of('params');
  const path = plan.route.url
    .replaceAll('::', ESCAPED_COLON)
    .replace(/:(\w+)|\*$/g, (_, name: string | undefined) =>
      encodeURIComponent(String(params[name ?? '*'] ?? '')),
    )
    .replaceAll(ESCAPED_COLON, ':');
  // Printable ASCII goes as it is; other text URI-encoded, as the uploader sends its file name.
  const headers = Object.fromEntries(
    Object.entries(of('headers')).map(([k, v]) => {
      const text = String(v);
      return [k, /^[\x20-\x7e]*$/.test(text) ? text : encodeURIComponent(text)];
    }),
  );
  const contentType = plan.rawBody?.contentType;
  if (
    contentType &&
    !plan.fields.some((f) => f.location === 'headers' && f.name === 'content-type')
  ) {
    headers['content-type'] = contentType;
  }
  const hasBodySchema = plan.route.schema?.body !== undefined;
  return {
    path,
    query: encodeQuery(of('query')),
    body: hasBodySchema ? of('body') : undefined,
    headers,
  };
}

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

const JSON_TYPE = 'application/json';
const LARGEST_BODY_SENT = 4 * 1024 * 1024;

/** Bodies of the wrong shape or kind; `always` when every route must refuse them. */
function bodyShapes(plan: RoutePlan, baselineJson: string) {
  const bodySchema = plan.route.schema?.body !== undefined;
  return [
    { raw: '{', contentType: JSON_TYPE, refuse: true, why: 'JSON cut short' },
    { raw: '', contentType: JSON_TYPE, refuse: bodySchema, why: 'empty JSON body' },
    ...['null', '[]', '"text"', '1', 'true'].map((raw) => ({
      raw,
      contentType: JSON_TYPE,
      refuse: bodySchema,
      why: `JSON ${raw} as the body`,
    })),
    {
      raw: '{"__proto__":{"polluted":true}}',
      contentType: JSON_TYPE,
      refuse: true,
      why: '__proto__ key in the body',
    },
    {
      raw: '{"constructor":{"prototype":{"polluted":true}}}',
      contentType: JSON_TYPE,
      refuse: true,
      why: 'constructor.prototype in the body',
    },
    { raw: baselineJson, contentType: 'text/plain', refuse: bodySchema, why: 'JSON as text/plain' },
    {
      raw: 'a=1&b=2',
      contentType: 'application/x-www-form-urlencoded',
      refuse: true,
      why: 'form-encoded body',
    },
    {
      raw: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      contentType: 'multipart/form-data; boundary=x',
      refuse: true,
      why: 'multipart body',
    },
    { raw: '<a>1</a>', contentType: 'application/xml', refuse: true, why: 'XML body' },
    {
      raw: baselineJson,
      contentType: 'application/json; charset=utf-16',
      refuse: false,
      why: 'JSON said to be UTF-16',
    },
    {
      raw: new Uint8Array([0xff, 0xfe, 0x00, 0x7b, 0x7d]),
      contentType: JSON_TYPE,
      refuse: true,
      why: 'bytes that are not UTF-8',
    },
    {
      raw: `${'['.repeat(5000)}${']'.repeat(5000)}`,
      contentType: JSON_TYPE,
      refuse: bodySchema,
      why: 'deeply nested JSON',
    },
    // Routes that take large files are left this one.
    ...(plan.route.bodyLimit <= LARGEST_BODY_SENT
      ? [
          {
            raw: `{"a":"${'a'.repeat(plan.route.bodyLimit)}"}`,
            contentType: JSON_TYPE,
            refuse: true,
            why: 'body over the size limit',
          },
        ]
      : []),
  ];
}

const QUERY_EXTRAS = [
  '__proto__=1',
  '__proto__[polluted]=1',
  'constructor=1',
  'constructor[prototype][polluted]=1',
  'toString=1',
  'hasOwnProperty=1',
  'a[]=1',
  '=1',
  '&&&',
  '%=%',
  'x=%00',
];

/** Hostile requests for a route: one field hostile, a body of the wrong shape, odd query keys. */
export function fuzzRequests(plan: RoutePlan): fc.Arbitrary<FuzzRequest> {
  const { method } = plan.route;
  const baseline = build(plan);
  const request = (
    parts: ReturnType<typeof build>,
    body: FuzzRequest['body'],
    mustRefuse: boolean,
    why: string,
    query = parts.query,
  ): FuzzRequest => ({
    method,
    path: withQuery(parts.path, query),
    headers: parts.headers,
    ...(body ? { body } : {}),
    mustRefuse,
    why,
  });
  const bodyOf = (parts: ReturnType<typeof build>): FuzzRequest['body'] =>
    parts.body ? { json: parts.body } : plan.rawBody && { raw: plan.rawBody.raw };

  const choices: fc.WeightedArbitrary<FuzzRequest>[] = [];
  if (plan.fields.length > 0) {
    const fieldChange = fc
      .constantFrom(...plan.fields)
      .chain((field) => hostileValues(field).map((hostile) => ({ field, hostile })))
      .map(({ field, hostile }) => {
        const parts = build(plan, { field, value: hostile.value, omit: hostile.omit });
        return request(parts, bodyOf(parts), hostile.mustRefuse, hostile.why);
      });
    choices.push({ arbitrary: fieldChange, weight: 8 });
  }
  if (hasBody(method)) {
    const shapes = bodyShapes(plan, JSON.stringify(baseline.body ?? {}));
    const shapeChange = fc
      .constantFrom(...shapes)
      .map((shape) =>
        request(
          { ...baseline, headers: { ...baseline.headers, 'content-type': shape.contentType } },
          { raw: shape.raw },
          shape.refuse,
          shape.why,
        ),
      );
    choices.push({ arbitrary: shapeChange, weight: 2 });
  }
  const queryChange = fc
    .constantFrom(...QUERY_EXTRAS)
    .map((extra) =>
      request(
        baseline,
        bodyOf(baseline),
        false,
        `query ${extra}`,
        baseline.query ? `${baseline.query}&${extra}` : extra,
      ),
    );
  choices.push({ arbitrary: queryChange, weight: 1 });
  return fc.oneof(...choices);
}
