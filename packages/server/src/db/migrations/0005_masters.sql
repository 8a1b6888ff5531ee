-- Masters shared by every corporation.

-- Medicines by receipt code (レセ電コード) with the YJ code and the MHLW generic class
-- (1 先発・後発なし, 2 後発のある先発, 3 後発), which the generic dispensing rate needs.
create table medicine_master (
  code text primary key,
  yj_code text,
  name text not null,
  unit text not null,
  price numeric(12, 2) not null,
  is_generic boolean not null default false,
  generic_class smallint check (generic_class in (1, 2, 3)),
  valid_from date,
  valid_to date
);
create index medicine_master_yj_idx on medicine_master (yj_code);

-- 500 m mesh population of the census (e-Stat), coarse age groups as published.
create table mesh_population (
  mesh_code text primary key,
  total integer not null,
  male integer not null,
  female integer not null,
  age0to14 integer not null,
  age15to64 integer not null,
  age65plus integer not null,
  age75plus integer not null,
  age85plus integer not null,
  age95plus integer not null,
  secrecy smallint not null,
  merged_into text
);

-- Clinics, care facilities and other pharmacies drawn on the maps.
create table facility_master (
  id integer generated always as identity primary key,
  type text not null check (type in ('clinic', 'care', 'pharmacy')),
  name text not null,
  address text not null,
  latitude double precision not null,
  longitude double precision not null,
  capacity integer,
  patients integer
);
create index facility_master_location_idx on facility_master (type, latitude, longitude);

-- A medicine line keeps the class it had when it was loaded.
alter table prescription_medicines
  add column yj_code text,
  add column generic_class smallint;
