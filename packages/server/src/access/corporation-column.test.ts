import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Which rows belong to the caller's corporation is decided in one layer: the access modules
 * (access/: the session's corporation, browsable stores, analysis scopes, rows loaded only when
 * the caller may touch them) and the query modules they hand their scope to (`queries.ts`,
 * `*-queries.ts`). A handler that names the `corporation_id` column itself filters by
 * corporation on its own, and one forgotten filter leaks another corporation's rows.
 */

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Not handlers: migrations and table types, demo data, test support, master data, workers. */
const OUT_OF_SCOPE = ['db/', 'demo/', 'testing/', 'masters/', 'workers/'];

/**
 * Data-layer modules that are not named as query modules, each with why it names the column.
 * A route module (`routes.ts`, `*-routes.ts`) is never one of them, whatever its folder.
 */
const DATA_LAYER: Record<string, string> = {
  'analytics/':
    'the analytics engine and its replica: metric SQL over the fact tables, within the scope access/ built',
  'maps/': "the maps' figures (patient distribution, acquisition rates), within an analysis scope",
  'ingestion/':
    "the uploader's loaders, which write facts under the authenticated store's corporation",
  'members/create-account.ts':
    'writes the new member row, the one place a member gets its corporation',
  'stores/device-users.ts': "writes a store's uploader account under the store's corporation",
};

const isQueryModule = (path: string) => /(^|\/)([\w-]+-)?queries\.ts$/.test(path);
const isRouteModule = (path: string) => /(^|\/)([\w-]+-)?routes\.ts$/.test(path);

function allowed(path: string): boolean {
  if (path.startsWith('access/') || isQueryModule(path)) return true;
  if (isRouteModule(path)) return false;
  return Object.keys(DATA_LAYER).some((entry) =>
    entry.endsWith('/') ? path.startsWith(entry) : path === entry,
  );
}

/** Lines where the code (not a comment) names the column: in an identifier, string or template. */
function namingLines(text: string): number[] {
  const file = ts.createSourceFile('module.ts', text, ts.ScriptTarget.Latest, true);
  const lines = new Set<number>();
  const visit = (node: ts.Node) => {
    const named =
      (ts.isIdentifier(node) || ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) &&
      /\bcorporation_id\b/.test(node.text);
    if (named) lines.add(file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1);
    // Template heads, middles and tails are not children of their spans in forEachChild.
    if (ts.isTemplateExpression(node)) {
      visit(node.head);
      for (const span of node.templateSpans) {
        visit(span.expression);
        visit(span.literal);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...lines].sort((x, y) => x - y);
}

const handlerFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .map((path) => path.split('\\').join('/'))
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
  .filter((path) => !OUT_OF_SCOPE.some((dir) => path.startsWith(dir)))
  .sort();

describe('the corporation_id column', () => {
  it('is named only by the access layer and query modules', () => {
    const violations = handlerFiles
      .filter((path) => !allowed(path))
      .flatMap((path) =>
        namingLines(readFileSync(join(SRC, path), 'utf8')).map((line) => `${path}:${line}`),
      );
    expect(violations).toEqual([]);
  });

  it('finds the column where it is named and not in comments', () => {
    expect(namingLines('// corporation_id\nconst a = 1;\n/* corporation_id */')).toEqual([]);
    expect(namingLines("q.where('corporation_id', '=', id);")).toEqual([1]);
    expect(namingLines('\nrow.corporation_id;')).toEqual([2]);
    expect(namingLines('sql`select ${a} from t where s.corporation_id = ${b}`;')).toEqual([1]);
  });

  it('tells query, route and data-layer modules apart', () => {
    expect(allowed('access/require.ts')).toBe(true);
    expect(allowed('stores/queries.ts')).toBe(true);
    expect(allowed('stores/store-queries.ts')).toBe(true);
    expect(allowed('stores/routes.ts')).toBe(false);
    expect(allowed('analytics/engine.ts')).toBe(true);
    expect(allowed('analytics/analysis-routes.ts')).toBe(false);
    expect(allowed('members/admin-service.ts')).toBe(false);
  });
});
