import { loadModule, parseSync } from 'libpg-query';
import { DISTRIBUTION_COLUMN, TABLE_PLACEMENT, TENANT_VIEWS } from './distribution.ts';

/**
 * The shapes of statement that Citus refuses or runs on every shard, found in a statement's text
 * by PostgreSQL's own parser, so that a test can hold the server's statements to them without a
 * Citus cluster (docs/scaling.md). Each rule answers what it found, in words.
 */

type Node = Record<string, unknown>;

/** What a reader must tie to one corporation: tenant tables and the views over them. */
const TENANT = new Set<string>([...TABLE_PLACEMENT.tenant, ...TENANT_VIEWS]);
/** Tables whose writes Citus sends to workers: distributed and reference tables. */
const ON_WORKERS = new Set<string>([
  ...TABLE_PLACEMENT.tenant,
  ...TABLE_PLACEMENT.reference,
  ...TABLE_PLACEMENT.globalKeys,
]);

/** Functions SQL writes as keywords: current_timestamp, current_date, localtime… (all stable). */
const KEYWORD_FUNCTION = 'SQLValueFunction';

export async function loadParser(): Promise<void> {
  await loadModule();
}

/** Every node below `node` (itself included), with its type name, depth first. */
function* nodes(node: unknown, type = ''): Generator<[string, Node]> {
  if (Array.isArray(node)) {
    for (const item of node) yield* nodes(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  if (type) yield [type, node as Node];
  for (const [key, value] of Object.entries(node as Node)) {
    const isType = /^[A-Z]/.test(key);
    yield* nodes(value, isType ? key : '');
  }
}

const nameOf = (funcname: unknown) =>
  ((funcname as { String: { sval: string } }[]).at(-1)?.String.sval ?? '').toLowerCase();

const columnPath = (node: Node | undefined): string[] | undefined => {
  const ref = node?.ColumnRef as { fields?: Node[] } | undefined;
  return ref?.fields?.map((f) => (f.String as { sval?: string } | undefined)?.sval ?? '*');
};

/**
 * `ON CONFLICT … DO UPDATE` calling a function that is not immutable: Citus refuses it (each
 * shard would compute its own value).
 */
function volatileInConflictUpdate(stmt: Node, notImmutable: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const [type, insert] of nodes(stmt)) {
    if (type !== 'InsertStmt') continue;
    if (!ON_WORKERS.has((insert.relation as Node | undefined)?.relname as string)) continue;
    const clause = insert.onConflictClause as Node | undefined;
    if (clause?.action !== 'ONCONFLICT_UPDATE') continue;
    for (const [inner, node] of nodes([clause.targetList, clause.whereClause])) {
      if (inner === KEYWORD_FUNCTION) found.push(`${String(node.op)} in ON CONFLICT DO UPDATE`);
      if (inner === 'FuncCall' && notImmutable.has(nameOf(node.funcname))) {
        found.push(`${nameOf(node.funcname)}() in ON CONFLICT DO UPDATE`);
      }
    }
  }
  return found;
}

/** A subquery in the RETURNING of a write to a distributed table: Citus refuses it. */
function subqueryInReturning(stmt: Node): string[] {
  const found: string[] = [];
  for (const [type, write] of nodes(stmt)) {
    if (!['InsertStmt', 'UpdateStmt', 'DeleteStmt'].includes(type)) continue;
    const table = (write.relation as Node | undefined)?.relname as string | undefined;
    if (!table || !TENANT.has(table)) continue;
    const returning = (write.returningClause as Node | undefined)?.exprs ?? write.returningList;
    if ([...nodes(returning)].some(([inner]) => inner === 'SubLink')) {
      found.push(`a subquery in the RETURNING of a write to ${table}`);
    }
  }
  return found;
}

/** A subquery in the select list or HAVING of a GROUPING SETS query: Citus cannot plan it. */
function subqueryUnderGroupingSets(stmt: Node): string[] {
  const found: string[] = [];
  for (const [type, select] of nodes(stmt)) {
    if (type !== 'SelectStmt') continue;
    if (![...nodes(select.groupClause)].some(([inner]) => inner === 'GroupingSet')) continue;
    if ([...nodes([select.targetList, select.havingClause])].some(([t]) => t === 'SubLink')) {
      found.push('a subquery in the select list of a GROUPING SETS query');
    }
  }
  return found;
}

/** The tables of one query level's FROM (not of its subqueries), by alias. */
function fromTables(from: unknown): Map<string, string> {
  const tables = new Map<string, string>();
  const visit = (item: unknown) => {
    const node = item as Node;
    if (node?.RangeVar) {
      const range = node.RangeVar as Node;
      const alias = (range.alias as Node | undefined)?.aliasname as string | undefined;
      tables.set(alias ?? (range.relname as string), range.relname as string);
    } else if (node?.JoinExpr) {
      const join = node.JoinExpr as Node;
      visit(join.larg);
      visit(join.rarg);
    }
  };
  for (const item of (from as unknown[] | undefined) ?? []) visit(item);
  return tables;
}

/** The conditions of one level: its WHERE and its joins' ON, without descending into subqueries. */
function levelConditions(level: Node): Node[] {
  const conditions: Node[] = [];
  const joins = (item: unknown) => {
    const join = (item as Node)?.JoinExpr as Node | undefined;
    if (!join) return;
    if (join.quals) conditions.push(join.quals as Node);
    joins(join.larg);
    joins(join.rarg);
  };
  for (const item of (level.fromClause as unknown[] | undefined) ?? []) joins(item);
  if (level.whereClause) conditions.push(level.whereClause as Node);
  const equalities: Node[] = [];
  const collect = (node: Node) => {
    if (node.A_Expr && (node.A_Expr as Node).kind === 'AEXPR_OP')
      equalities.push(node.A_Expr as Node);
    const bool = node.BoolExpr as Node | undefined;
    if (bool?.boolop === 'AND_EXPR') for (const arg of bool.args as Node[]) collect(arg);
  };
  for (const condition of conditions) collect(condition);
  return equalities.filter((e) => nameOf(e.name) === '=');
}

/**
 * The tenant tables of one query level (a select, update or delete) that it does not tie to one
 * corporation: by `alias.corporation_id = <value>`, or through `corporation_id` equal to another
 * table of the level that is tied, or to a table of an enclosing query.
 */
function looseTenantTables(type: string, level: Node, outerTies = true): string[] {
  const tables =
    type === 'SelectStmt'
      ? fromTables(level.fromClause)
      : fromTables([{ RangeVar: level.relation }]);
  const tenantAliases = [...tables].filter(([, table]) => TENANT.has(table)).map(([a]) => a);
  if (tenantAliases.length === 0) return [];
  // A RangeSubselect in FROM is a level of its own, checked there.
  const only = tables.size === 1 ? tenantAliases[0] : undefined;
  const tied = new Set<string>();
  const links: [string, string][] = [];
  const side = (expr: Node | undefined) => {
    const path = columnPath(expr);
    if (!path || path.at(-1) !== DISTRIBUTION_COLUMN) return undefined;
    return path.length === 1 ? (only ?? '?') : path.at(-2)!;
  };
  const isValue = (expr: Node | undefined) =>
    Boolean(expr?.ParamRef || expr?.A_Const || expr?.TypeCast);
  for (const equality of levelConditions(level)) {
    const [left, right] = [side(equality.lexpr as Node), side(equality.rexpr as Node)];
    if (left && isValue(equality.rexpr as Node)) tied.add(left);
    else if (right && isValue(equality.lexpr as Node)) tied.add(right);
    else if (left && right) {
      // A table of an enclosing query, a CTE or a subquery: tied where that one is checked.
      const checkedElsewhere = (alias: string) => !TENANT.has(tables.get(alias) ?? '');
      if (checkedElsewhere(left)) {
        if (outerTies || tables.has(left)) tied.add(right);
      } else if (checkedElsewhere(right)) {
        if (outerTies || tables.has(right)) tied.add(left);
      } else links.push([left, right]);
    }
  }
  for (let grown = true; grown;) {
    grown = false;
    for (const [a, b] of links) {
      if (tied.has(a) !== tied.has(b)) {
        tied.add(a);
        tied.add(b);
        grown = true;
      }
    }
  }
  return tenantAliases.filter((alias) => !tied.has(alias)).map((alias) => tables.get(alias)!);
}

const QUERY_LEVELS = ['SelectStmt', 'UpdateStmt', 'DeleteStmt'];

/** The subqueries of select lists: Citus routes one to a single shard only when it is tied to a value. */
function selectListSubqueries(stmt: Node): Set<Node> {
  const found = new Set<Node>();
  for (const [type, select] of nodes(stmt)) {
    if (type !== 'SelectStmt') continue;
    for (const [inner, link] of nodes(select.targetList)) {
      const subselect = (link.subselect as Node | undefined)?.SelectStmt as Node | undefined;
      if (inner === 'SubLink' && subselect) found.add(subselect);
    }
  }
  return found;
}

/**
 * A query level reading tenant tables not tied to one corporation: Citus runs it on every shard.
 * A subquery of a select list must be tied by a value of its own: tied only to the enclosing
 * query's row (`d.corporation_id = s.corporation_id`), Citus runs it, and the whole query, on
 * every shard even when the enclosing query is tied to one corporation.
 */
function notTiedToOneCorporation(stmt: Node): string[] {
  const found: string[] = [];
  const inSelectList = selectListSubqueries(stmt);
  for (const [type, level] of nodes(stmt)) {
    if (!QUERY_LEVELS.includes(type)) continue;
    const loose = looseTenantTables(type, level, !inSelectList.has(level));
    if (loose.length > 0) {
      found.push(`${loose.join(', ')} not tied to one corporation by ${DISTRIBUTION_COLUMN}`);
    }
  }
  return found;
}

/**
 * `FOR UPDATE` / `FOR SHARE` of a select reading tenant tables not tied to one corporation:
 * Citus locks rows only in a statement that runs on one shard group, and refuses it.
 */
function lockAcrossCorporations(stmt: Node): string[] {
  const found: string[] = [];
  for (const [type, select] of nodes(stmt)) {
    if (type !== 'SelectStmt' || !(select.lockingClause as unknown[] | undefined)?.length) continue;
    const loose = looseTenantTables(type, select);
    if (loose.length > 0) {
      found.push(`FOR UPDATE/SHARE of ${loose.join(', ')} not tied to one corporation`);
    }
  }
  return found;
}

export interface StatementRules {
  /** Names of functions that are not immutable (from pg_proc). */
  notImmutable: ReadonlySet<string>;
  /** Whether the statement must run on one corporation's shard group (a reader's request). */
  oneCorporation: boolean;
}

/** What Citus would refuse in `text` (or run on every shard, for one corporation's statements). */
export function citusRefusals(text: string, rules: StatementRules): string[] {
  const parsed = parseSync(text) as { stmts?: { stmt: Node }[] };
  return (parsed.stmts ?? []).flatMap(({ stmt }) => [
    ...volatileInConflictUpdate(stmt, rules.notImmutable),
    ...subqueryInReturning(stmt),
    ...subqueryUnderGroupingSets(stmt),
    ...lockAcrossCorporations(stmt),
    ...(rules.oneCorporation ? notTiedToOneCorporation(stmt) : []),
  ]);
}
