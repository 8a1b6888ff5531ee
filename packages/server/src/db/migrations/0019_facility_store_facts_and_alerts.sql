-- What an administrator tells us about a store for its 施設基準 (the flags of the rules), the
-- distances under which a margin raises an alert, and the alerts a member has dismissed
-- (docs/facility-standards.md "Store facts" and "Alerts").

-- A store without a row is taken as the common case: 基本料 notified, no special relationship
-- or lease with an institution, not in a low-resource area, not an urban new opening.
create table store_facility_facts (
  corporation_id integer not null,
  store_id integer not null,
  basic_fee_notified boolean not null default true,
  special_relationship boolean not null default false,
  real_estate_lease boolean not null default false,
  low_resource_area boolean not null default false,
  urban_new_opening boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (corporation_id, store_id),
  foreign key (corporation_id, store_id) references stores (corporation_id, id) on delete cascade
);

-- A margin closer than this to its threshold raises an alert: receptions per month for counts,
-- percentage points for rates. A corporation without a row takes the defaults of the domain.
create table facility_alert_settings (
  corporation_id integer primary key references corporations (id),
  receptions_margin integer not null check (receptions_margin between 0 and 100000),
  rate_margin numeric(5, 1) not null check (rate_margin between 0 and 100),
  updated_at timestamptz not null default now()
);

-- An alert a member closed. The key names the store, the rule and the period it is about, so the
-- same alert for a later period shows again.
create table facility_alert_dismissals (
  corporation_id integer not null,
  member_id integer not null references members (id) on delete cascade,
  store_id integer not null,
  alert_key text not null check (length(alert_key) between 1 and 200),
  dismissed_at timestamptz not null default now(),
  primary key (member_id, store_id, alert_key),
  foreign key (corporation_id, store_id) references stores (corporation_id, id) on delete cascade
);
