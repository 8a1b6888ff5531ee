import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { COPY_FROM_STDIN } from './copy.ts';

/**
 * Kysely dialect for embedded PGlite. PGlite has one connection, so a transaction must own it:
 * connections are handed out one at a time and every other query waits its turn.
 * Queries without parameters go through the simple protocol so migrations may hold several
 * statements, as they can on a PostgreSQL server.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async releaseConnection(connection: DatabaseConnection) {
    (connection as PGliteConnection).release();
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy() {
    await this.queue;
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {};

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (COPY_FROM_STDIN.test(query.sql)) {
      // The embedded server reads COPY data from a blob in place of the client's stream.
      const sql = query.sql.replace(/\sfrom\s+stdin\s/i, " from '/dev/blob' ");
      const result = await this.pglite.query<R>(sql, [], {
        blob: new Blob([query.parameters[0] as string]),
      });
      return { rows: [], numAffectedRows: BigInt(result.affectedRows ?? 0) };
    }
    if (query.parameters.length === 0) {
      const results = await this.pglite.exec(query.sql);
      const last = results.at(-1);
      return {
        rows: (last?.rows ?? []) as R[],
        numAffectedRows: last?.affectedRows === undefined ? undefined : BigInt(last.affectedRows),
      };
    }
    const result = await this.pglite.query<R>(query.sql, [...query.parameters]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on the embedded database');
  }
}
