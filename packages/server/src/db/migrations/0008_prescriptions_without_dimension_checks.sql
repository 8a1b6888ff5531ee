-- A prescription's patient and institution are upserted by the loader in the same transaction,
-- just before the prescription, so their per-row foreign-key checks only cost load time. The
-- store keeps its key: a store is written elsewhere.
alter table prescriptions drop constraint prescriptions_corporation_id_patient_id_fkey;
alter table prescriptions drop constraint prescriptions_corporation_id_institution_id_fkey;
