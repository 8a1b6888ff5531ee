// The database's tables as Kysely sees them: generated from the migrations into schema.ts
// (`npm run db:types`). Only names the code has long used are kept here.
import type { Corporations, Stores } from './schema.ts';

export type * from './schema.ts';

export type CorporationsTable = Corporations;
export type StoresTable = Stores;
