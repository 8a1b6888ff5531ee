-- An insurance pharmacy code (保険薬局コード) is unique among the active stores of one
-- corporation only. Refusing a code because another corporation holds it would tell a customer
-- that somebody else registered that pharmacy; such a code is accepted like a fresh one and left
-- for a system administrator to settle, who finds it in shared_insurance_codes.
-- Uploads are unaffected: a file belongs to the store whose uploader sent it, never to the
-- store found by the pharmacy code in it.
drop index stores_active_insurance_code_idx;
create unique index stores_active_insurance_code_idx
  on stores (corporation_id, insurance_institution_code)
  where contract_status = 'active' and insurance_institution_code is not null;

-- Every active store whose insurance pharmacy code an active store of another corporation holds
-- too, with its corporation, oldest registration first within a code.
create view shared_insurance_codes as
select s.insurance_institution_code,
       c.id as corporation_id,
       c.corporation_code,
       c.name as corporation_name,
       s.id as store_id,
       s.store_code,
       s.name as store_name,
       s.created_at
from stores s
join corporations c on c.id = s.corporation_id
where s.contract_status = 'active'
  and s.insurance_institution_code is not null
  and exists (
    select 1 from stores o
    where o.insurance_institution_code = s.insurance_institution_code
      and o.contract_status = 'active'
      and o.corporation_id <> s.corporation_id
  );
