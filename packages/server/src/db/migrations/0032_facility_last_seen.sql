-- The facility master keeps the last day a load of its source listed each facility: set on
-- insert, raised by every later load that lists it, never lowered. A clinic that a later load of
-- its source no longer lists has closed (docs/metrics.md, 処方元の変化). Rows stored before this
-- migration take the day of the migration.
alter table facility_master
  add column last_seen_on date not null default current_date;
