-- Fee, medicine and material lines are written only by the loader, together with their
-- prescription and in the same transaction, and it deletes them with it. The foreign keys'
-- per-row checks cost more than half of a file's load time, so the lines keep only their
-- primary key, which also serves the join to the prescription.
alter table prescription_fees drop constraint prescription_fees_corporation_id_prescription_id_fkey;
alter table prescription_medicines drop constraint prescription_medicines_corporation_id_prescription_id_fkey;
alter table prescription_materials drop constraint prescription_materials_corporation_id_prescription_id_fkey;
