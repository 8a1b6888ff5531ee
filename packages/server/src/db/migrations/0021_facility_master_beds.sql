-- The facility master knows a hospital's 病床数 (the total of its beds of every kind), which the
-- R8 門前薬局等立地依存減算 asks of the hospitals near a store (200 beds or more): from the hospital
-- list (and the clinic list, for clinics with beds) of the medical information open data
-- (ナビイ, docs/facility-masters.md), or from the demo world. Null when the source does not say.
alter table facility_master add column beds integer check (beds >= 0);
