-- What each commit of dispensing facts changed, in commit order: the analytics replicas apply it
-- (analytics/replica). A row names a store and the dates whose facts were replaced, or, without
-- a store, a change to the corporation's names (stores, institutions…). `data_version` is the
-- corporation's version (analytics_data_versions) that the commit raised it to.
create table analytics_changes (
  id bigserial primary key,
  corporation_id integer not null references corporations (id),
  store_id integer,
  from_date date,
  to_date date,
  data_version bigint not null,
  recorded_at timestamptz not null default now(),
  check ((store_id is null) = (from_date is null) and (from_date is null) = (to_date is null))
);
