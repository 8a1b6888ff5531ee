-- A medicine line keeps its 調剤日数 for 内服 (the receipt file's CZ 調剤数量 of a 剤形 1 剤, or the
-- CSV's optional `days` column): a sheet's supply ends on its dispensing date plus the longest
-- of them (docs/metrics.md, 来局予定). Null for other forms and for files that do not say.
alter table prescription_medicines
  add column days smallint check (days between 1 and 999);

-- The facility master keeps the day each facility was first seen across imports, set when its
-- row is inserted and never changed by a later import, so that clinics opened near a store can be
-- told from those always there (the loader passes the day; rows stored before this migration,
-- and rows inserted without one, take the day of their insert).
alter table facility_master
  add column first_seen_on date not null default current_date;
