-- Loads in progress. An upload's row is written in the transaction that loads its file, so a
-- process killed while it parses or loads a file leaves no row of it; this one is committed
-- before the work starts and removed with its end. One left behind by a stopped process becomes a
-- failed upload in the history, and its raw file is removed (ingestion/interrupted-loads.ts).
create table upload_loads (
  corporation_id integer not null references corporations (id),
  id bigint generated always as identity,
  store_id integer not null,
  file_name text not null,
  content_hash text not null,
  size_bytes bigint not null,
  started_at timestamptz not null default now(),
  primary key (corporation_id, id),
  foreign key (corporation_id, store_id) references stores (corporation_id, id)
);
