-- The layout distributes by corporation (docs/scaling.md, db/distribution.ts).
--
-- Keys unique across corporations leave the tenant tables for small global tables, written in the
-- same transaction as the tenant row; a request that names such a key (an uploader's user name,
-- an invitation link) finds its corporation there. Corporations themselves, with their code, are
-- one global table.
create table store_codes (
  store_code text primary key,
  corporation_id integer not null references corporations (id)
);
insert into store_codes (store_code, corporation_id) select store_code, corporation_id from stores;
drop index stores_store_code_idx;

create table device_user_names (
  user_name text primary key,
  corporation_id integer not null references corporations (id),
  store_id integer not null
);
insert into device_user_names (user_name, corporation_id, store_id)
  select user_name, corporation_id, store_id from device_users;
alter table device_users drop constraint device_users_user_name_key;
alter table device_users add constraint device_users_user_name_key unique (corporation_id, user_name);

create table invitation_tokens (
  token_hash text primary key,
  corporation_id integer not null references corporations (id)
);
insert into invitation_tokens (token_hash, corporation_id)
  select token_hash, corporation_id from invitations;
alter table invitations drop constraint invitations_token_hash_key;
alter table invitations add constraint invitations_token_hash_key unique (corporation_id, token_hash);

-- Members are global (a system administrator moves between corporations) and stay with the
-- sessions and accounts; tenant rows naming a member are removed with it in code
-- (members/admin-queries.ts deleteMember).
alter table invitations drop constraint invitations_invited_by_fkey;
alter table member_browsable_stores drop constraint member_browsable_stores_member_id_fkey;
alter table facility_alert_dismissals drop constraint facility_alert_dismissals_member_id_fkey;

alter table facility_alert_dismissals drop constraint facility_alert_dismissals_pkey;
alter table facility_alert_dismissals
  add primary key (corporation_id, member_id, store_id, alert_key);

alter table analytics_changes drop constraint analytics_changes_pkey;
alter table analytics_changes add primary key (corporation_id, id);
