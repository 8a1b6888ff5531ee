-- Settings: unique store names and insurance codes among active stores, geocoding depth,
-- uploader credentials per store.

alter table stores add column geocode_level text;

create unique index stores_active_name_idx on stores (corporation_id, name)
  where contract_status = 'active';
create unique index stores_active_insurance_code_idx
  on stores (corporation_id, insurance_institution_code)
  where contract_status = 'active' and insurance_institution_code is not null;

-- The uploader signs in with a store's user name and key. The key is kept encrypted so an
-- admin can download it again, and as a hash to check uploads against.
create table device_users (
  corporation_id integer not null,
  store_id integer not null,
  user_name text not null unique,
  key_hash text not null,
  key_sealed text not null,
  created_at timestamptz not null default now(),
  primary key (corporation_id, store_id),
  foreign key (corporation_id, store_id) references stores (corporation_id, id) on delete cascade
);
