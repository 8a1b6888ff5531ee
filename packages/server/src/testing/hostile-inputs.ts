import { INPUT_LIMITS } from '@pharmalytics/domain';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * Hostile values for the fields of a route, derived from the route's own schema, and what the
 * rules of input hygiene say of each: whether the service must refuse it. A value must be
 * refused when it breaks the route's declared schema, or, whatever the schema says, when it holds
 * a control character, is longer than any field takes, is an integer outside its column range, or
 * is an id or a date that is not written plainly.
 */

export type Location = 'params' | 'query' | 'body' | 'headers';

/** The parts of JSON Schema that zod writes for request schemas. */
export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export interface Field {
  location: Location;
  name: string;
  /** The field's input as JSON Schema. */
  json: JsonSchema;
  /** The field's zod schema; undefined for a path parameter the route does not check. */
  zod: z.ZodType | undefined;
  required: boolean;
  /** A value the field accepts (undefined: left out), sent while another field is fuzzed. */
  baseline: unknown;
}

/** A value for a field; `omit` leaves the field out. */
export interface Hostile {
  value: unknown;
  omit?: boolean;
  mustRefuse: boolean;
  why: string;
}

/** The JSON Schema of a zod schema's input. */
export const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

// --- what a value breaks -------------------------------------------------------------------------

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    default:
      return true;
  }
}

/** Whether a value breaks what the JSON Schema declares (a subset of what zod checks). */
export function breaksSchema(schema: JsonSchema, value: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.every((s) => breaksSchema(s, value));
  if (schema.oneOf) return schema.oneOf.every((s) => breaksSchema(s, value));
  if (schema.allOf?.some((s) => breaksSchema(s, value))) return true;
  if ('const' in schema && value !== schema.const) return true;
  if (schema.enum && !schema.enum.includes(value)) return true;
  const types = [schema.type ?? []].flat();
  if (types.length > 0 && !types.some((t) => hasType(t, value))) return true;
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) return true;
    if (schema.maxLength !== undefined && length > schema.maxLength) return true;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return true;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return true;
    if (schema.maximum !== undefined && value > schema.maximum) return true;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return true;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return true;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return true;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return true;
    if (schema.items && value.some((item) => breaksSchema(schema.items!, item))) return true;
  }
  if (isPlainObject(value) && types.includes('object')) {
    if (schema.required?.some((key) => value[key] === undefined)) return true;
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (value[key] !== undefined && breaksSchema(property, value[key])) return true;
    }
  }
  return false;
}

const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

/** Whether a string holds a control character or half of a surrogate pair. */
function isUnsafeText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControl(code)) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/** Longer than any text field takes (the longest, the store-code list, takes 20,000). */
const BEYOND_EVERY_CAP = INPUT_LIMITS.storeCodesMax;

/** Whether a value breaks the rules that hold for every field, whatever its schema says. */
function breaksHygiene(json: JsonSchema, value: unknown): boolean {
  if (typeof value === 'string') return isUnsafeText(value) || value.length > BEYOND_EVERY_CAP;
  if (typeof value === 'number') {
    const integer = [json.type].flat().includes('integer');
    return integer && Math.abs(value) > INPUT_LIMITS.int4Max;
  }
  if (Array.isArray(value)) return value.some((item) => breaksHygiene(json.items ?? {}, item));
  if (isPlainObject(value)) {
    return Object.entries(value).some(([key, item]) =>
      breaksHygiene(json.properties?.[key] ?? {}, item),
    );
  }
  return false;
}

const PLAIN_DECIMAL = /^(0|[1-9][0-9]*)$/;
const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

function isPlainDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= INPUT_LIMITS.dateYearMin &&
    year <= INPUT_LIMITS.dateYearMax &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/**
 * What a text field is, judged by what its schema does: a number written as text (it reads '1'
 * as a number), a date (it takes a date but not just any text), or other text.
 */
function kindOf(field: Pick<Field, 'zod'>): 'number text' | 'date' | 'other' {
  const { zod } = field;
  if (!zod) return 'other';
  const one = zod.safeParse('1');
  if (one.success && typeof one.data === 'number') return 'number text';
  return zod.safeParse('2024-04-01').success && !zod.safeParse('a').success ? 'date' : 'other';
}

/** Whether the service must refuse `value` in `field`. */
export function mustRefuse(field: Field, value: unknown): boolean {
  if (breaksSchema(field.json, value) || breaksHygiene(field.json, value)) return true;
  if (typeof value !== 'string') return false;
  switch (kindOf(field)) {
    case 'number text':
      return !PLAIN_DECIMAL.test(value) || Number(value) > INPUT_LIMITS.int4Max;
    case 'date':
      return !isPlainDate(value);
    default:
      return false;
  }
}

// --- the values ----------------------------------------------------------------------------------

const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
];
const LONE_SURROGATES = ['\ud800', 'a\udc00b', '\udfff\ud800'];
const NUMBER_TEXTS = [
  '0x10',
  '0X1F',
  '0b1',
  '0o7',
  '-1',
  '+1',
  '1e3',
  '1E2',
  ' 1',
  '1 ',
  '1.0',
  '1.',
  '.5',
  '016',
  '0',
  '１６',
  '2147483647',
  '2147483648',
  '4294967296',
  '9999999999',
  '99999999999999999999',
  '1_000',
  'NaN',
  'Infinity',
  '-0',
];
const DATE_TEXTS = [
  '0000-01-01',
  '0000-00-00',
  '1899-12-31',
  '2101-01-01',
  '9999-12-31',
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-1-1',
  '20240101',
  '2024/04/01',
  '2024-04-01T00:00:00Z',
  '+002024-04-01',
  ' 2024-04-01',
];
const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
];
const ODD_TEXTS = [
  '',
  ' ',
  '　',
  '𠮷野家',
  '😀',
  '\u202e逆',
  'a\u200bb',
  "' or '1'='1",
  '"; drop table members; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%',
  '%00',
  '%zz',
  '\\',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'a'.repeat(1001),
];
const HUGE_TEXTS = ['a'.repeat(BEYOND_EVERY_CAP + 1), 'あ'.repeat(100_001)];
const NUMBERS = [
  0,
  -1,
  1,
  47,
  48,
  40000,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  1e20,
  1e308,
  -1e308,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  -0,
];
const OTHER_TYPES: unknown[] = [true, false, null, {}, [], { a: 1 }, ['a'], '1', 'true'];

const controlTexts = fc
  .tuple(
    fc.constantFrom(...CONTROL_CHARACTERS),
    fc.constantFrom('', 'a', 'テスト', '1'),
    fc.constantFrom('', 'b', '2'),
  )
  .map(([c, before, after]) => before + c + after);

function texts(location: Location): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: controlTexts, weight: 4 },
    // Half a surrogate pair cannot be written in a URL or header; it can in JSON.
    { arbitrary: fc.constantFrom(...LONE_SURROGATES), weight: location === 'body' ? 1 : 0 },
    { arbitrary: fc.constantFrom(...NUMBER_TEXTS), weight: 3 },
    { arbitrary: fc.constantFrom(...DATE_TEXTS), weight: 1 },
    { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 2 },
    { arbitrary: fc.constantFrom(...ODD_TEXTS), weight: 2 },
    { arbitrary: fc.constantFrom(...HUGE_TEXTS), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  );
}

/** Values of any JSON type, nested in the shape the schema describes. */
function jsonValues(json: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const choices: fc.Arbitrary<unknown>[] = [
    texts('body'),
    fc.constantFrom(...NUMBERS),
    fc.constantFrom(...OTHER_TYPES),
  ];
  if (depth < 2 && json.items) {
    const item = jsonValues(json.items, depth + 1);
    choices.push(fc.array(item, { minLength: 1, maxLength: 3 }));
    choices.push(fc.constant(Array.from({ length: 10_001 }, () => 'a')));
  }
  if (depth < 2 && json.properties) {
    const entries = Object.entries(json.properties);
    choices.push(
      fc
        .constantFrom(...entries)
        .chain(([key, property]) =>
          jsonValues(property, depth + 1).map((value) => ({ [key]: value })),
        ),
    );
  }
  return fc.oneof(...choices);
}

/** Hostile values of one field, each with whether it must be refused. */
export function hostileValues(field: Field): fc.Arbitrary<Hostile> {
  const values: fc.Arbitrary<{ value: unknown; omit?: boolean }> = (() => {
    switch (field.location) {
      case 'body':
        return fc.oneof(
          { arbitrary: jsonValues(field.json).map((value) => ({ value })), weight: 9 },
          { arbitrary: fc.constant({ value: undefined, omit: true }), weight: 1 },
        );
      case 'query':
        return fc.oneof(
          { arbitrary: texts('query').map((value) => ({ value })), weight: 8 },
          // A repeated key arrives as a list.
          {
            arbitrary: fc.constant({ value: [field.baseline ?? '1', field.baseline ?? '1'] }),
            weight: 1,
          },
          { arbitrary: fc.constant({ value: undefined, omit: true }), weight: 1 },
        );
      default:
        return texts(field.location).map((value) => ({ value }));
    }
  })();
  return values.map(({ value, omit }) => ({
    value,
    omit,
    mustRefuse: omit ? field.required : mustRefuse(field, value),
    why: omit ? `${field.location}.${field.name} left out` : `${field.location}.${field.name}`,
  }));
}

// --- the accepted value --------------------------------------------------------------------------

/** Values many fields take: a date, an e-mail address, a password, digits, a zip code, text. */
const COMMON_VALUES = [
  '2024-04-01',
  'fuzz@example.com',
  'Fuzz-pass-1',
  '1',
  '8120011',
  'a',
  'テスト',
  1,
  true,
];

/**
 * A value the field accepts: `given` when there is one (values of the demo world), else left out
 * when the field is optional, else the first of the schema's own examples, default, constant or
 * choices, of the common values, or of strings matching its pattern, that its zod schema takes.
 * Undefined when none is found, which the caller reports: the field has no generator.
 */
export function acceptedValue(
  zod: z.ZodType | undefined,
  json: JsonSchema,
  required: boolean,
  given: unknown,
): { found: boolean; value: unknown } {
  if (given !== undefined) return { found: true, value: given };
  if (!required) return { found: true, value: undefined };
  if (!zod) return { found: true, value: 'a' };
  const candidates: unknown[] = [
    ...(json.examples ?? []),
    json.default,
    json.const,
    ...(json.enum ?? []),
    ...COMMON_VALUES,
  ];
  if (json.items) candidates.push(...COMMON_VALUES.map((v) => [v]));
  if (json.pattern) {
    candidates.push(
      ...fc.sample(fc.stringMatching(new RegExp(json.pattern)), { seed: 1, numRuns: 50 }),
    );
  }
  const value = candidates.find((c) => c !== undefined && zod.safeParse(c).success);
  return value === undefined ? { found: false, value } : { found: true, value };
}
