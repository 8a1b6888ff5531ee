-- A prescriber notice (処方元の変化) a member closed on the dashboard. The key names the store, the
-- kind of change, the institution or facility and the period it is about, so the same change
-- over a later period shows again. Distributed by corporation like every tenant table: the
-- corporation leads the key, and the member (global, on the coordinator) has no foreign key here;
-- its rows go with it in code (members/admin-queries.ts deleteMember).
create table prescriber_notice_dismissals (
  corporation_id integer not null,
  member_id integer not null,
  store_id integer not null,
  notice_key text not null check (length(notice_key) between 1 and 200),
  dismissed_at timestamptz not null default now(),
  primary key (corporation_id, member_id, store_id, notice_key),
  foreign key (corporation_id, store_id) references stores (corporation_id, id) on delete cascade
);
