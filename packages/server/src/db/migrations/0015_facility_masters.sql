-- The facility master (clinics, care facilities, other pharmacies of the maps) takes the figures
-- of a marker's card and where each row came from: `source` names the data set ('demo', or
-- 'import:' and the open-data layout, docs/facility-masters.md) and `source_id` the facility
-- within it, so loading a set again updates its rows instead of adding them twice. Figures a
-- source does not publish are null (the card shows ー).
--
-- The rows stored before this migration are the demo world's, which had no ids: they are removed,
-- and the demo load puts them back with ids and figures.
delete from facility_master;

alter table facility_master
  drop column patients,
  add column prescription_patients integer check (prescription_patients >= 0),
  add column outpatients integer check (outpatients >= 0),
  add column homecare_patients integer check (homecare_patients >= 0),
  add column total_users integer check (total_users >= 0),
  add column source text not null,
  add column source_id text not null,
  add column updated_at timestamptz not null default now(),
  add constraint facility_master_capacity_check check (capacity >= 0),
  add constraint facility_master_latitude_check check (latitude between -90 and 90),
  add constraint facility_master_longitude_check check (longitude between -180 and 180),
  add constraint facility_master_source_key unique (source, source_id);

-- facility_master_location_idx (type, latitude, longitude) of 0005 serves the viewport search:
-- one type, a range of latitudes, the longitudes checked within it.
