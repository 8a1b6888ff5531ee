-- The dispensing-fee-score page splits each sheet's sales into its four sections. Sales already
-- hold the medicine and material yen; keeping them per sheet spares every query a join to the
-- line tables. Rows loaded before this migration take the sums of their lines.
alter table prescriptions
  add column medicine_yen bigint not null default 0,
  add column material_yen bigint not null default 0;

update prescriptions p
set medicine_yen = coalesce((select sum(l.amount_yen) from prescription_medicines l
      where l.corporation_id = p.corporation_id and l.prescription_id = p.id), 0),
    material_yen = coalesce((select sum(l.amount_yen) from prescription_materials l
      where l.corporation_id = p.corporation_id and l.prescription_id = p.id), 0)
where exists (select 1 from prescription_medicines l
      where l.corporation_id = p.corporation_id and l.prescription_id = p.id)
   or exists (select 1 from prescription_materials l
      where l.corporation_id = p.corporation_id and l.prescription_id = p.id);

alter table prescriptions
  alter column medicine_yen drop default,
  alter column material_yen drop default;

-- The address page's 住所別 mode searches by 都道府県 and 市区町村; patients loaded before
-- this migration have no prefecture until a file names them again.
alter table patients add column prefecture text;
