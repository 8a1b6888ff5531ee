-- An insurance pharmacy code (保険薬局コード) names one real pharmacy: it belongs to one active
-- store of one corporation, not one per corporation. A database where two corporations hold
-- the same code stops here with their names, to be settled by hand before starting again.
do $$
declare
  clashes text;
begin
  select string_agg(format('%s (%s)', code, corporations), '; ')
  into clashes
  from (
    select s.insurance_institution_code as code,
           string_agg(distinct c.corporation_code, ', ') as corporations
    from stores s join corporations c on c.id = s.corporation_id
    where s.contract_status = 'active' and s.insurance_institution_code is not null
    group by s.insurance_institution_code
    having count(distinct s.corporation_id) > 1
  ) clash;
  if clashes is not null then
    raise exception 'insurance institution codes held by active stores of several corporations: %', clashes;
  end if;
end $$;

drop index stores_active_insurance_code_idx;
create unique index stores_active_insurance_code_idx on stores (insurance_institution_code)
  where contract_status = 'active' and insurance_institution_code is not null;
