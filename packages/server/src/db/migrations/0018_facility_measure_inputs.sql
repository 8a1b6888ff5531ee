-- What an administrator tells us for the 施設基準 measures (docs/facility-standards.md "Measures").

-- Medical institutions in one building, counted as one institution by the 集中率. Institutions
-- are named by their 医療機関コード, so a building can be set up before their prescriptions
-- arrive. An institution is in at most one building of a corporation.
create table same_building_groups (
  corporation_id integer not null references corporations (id),
  id integer generated always as identity,
  name text not null check (length(name) between 1 and 100),
  primary key (corporation_id, id),
  unique (corporation_id, name)
);

create table same_building_institutions (
  corporation_id integer not null,
  group_id integer not null,
  institution_code text not null check (institution_code ~ '^[0-9]{10}$'),
  primary key (corporation_id, institution_code),
  foreign key (corporation_id, group_id) references same_building_groups (corporation_id, id)
    on delete cascade
);

-- The group's stores outside the service (same 法人グループ, not in Pharmalytics): their monthly
-- receptions and store count from `effective_month` (the first of a month) until the next row.
create table group_outside_stores (
  corporation_id integer not null references corporations (id),
  effective_month date not null check (extract(day from effective_month) = 1),
  receptions_per_month integer not null check (receptions_per_month >= 0),
  store_count integer not null check (store_count >= 0),
  primary key (corporation_id, effective_month)
);
