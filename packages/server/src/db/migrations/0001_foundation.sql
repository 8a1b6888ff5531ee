-- Foundation: prefectures, corporations, identity, members, sessions, stores, client devices.
-- Tenant tables carry corporation_id in every key so they can be distributed by it later.

create table prefectures (
  id smallint primary key,
  name text not null unique,
  area_name text not null,
  area_order smallint not null
);

create table corporations (
  id integer generated always as identity primary key,
  corporation_code text not null unique,
  name text not null,
  plan_id smallint not null default 1 check (plan_id in (1, 2, 3)),
  status text not null default 'active' check (status in ('active', 'suspended')),
  zip_code text,
  address text,
  building_name text,
  head_office_prefecture_id smallint references prefectures (id),
  technical_person_name text,
  technical_person_tel text,
  technical_person_email text,
  billing_person_name text,
  billing_person_tel text,
  billing_person_email text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create sequence corporation_code_seq start with 100001;

-- Accounts of the built-in identity service (the external identity provider's role).
create table identity_users (
  local_id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email)),
  password_hash text not null,
  disabled boolean not null default false,
  failed_attempts integer not null default 0,
  locked_until timestamptz,
  password_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);

create table members (
  id integer generated always as identity primary key,
  corporation_id integer not null references corporations (id),
  identity_user_id uuid not null unique references identity_users (local_id) on delete cascade,
  email text not null unique check (email = lower(email)),
  public_name text not null,
  search_name text,
  role_id smallint not null check (role_id in (1, 2, 3)),
  send_report_allowed boolean not null default false,
  terms_agreed_on date,
  privacy_policy_agreed_on date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index members_corporation_idx on members (corporation_id);

-- Only a hash of the session id is stored, so a leaked table opens no session.
create table sessions (
  id_hash text primary key,
  member_id integer not null references members (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  user_agent text
);
create index sessions_member_idx on sessions (member_id);
create index sessions_expires_idx on sessions (expires_at);

create sequence store_code_seq start with 1001;

create table stores (
  corporation_id integer not null references corporations (id),
  id integer generated always as identity,
  store_code text not null,
  name text not null,
  prefecture_id smallint not null references prefectures (id),
  zip_code text,
  city text,
  block text,
  building_name text,
  latitude double precision,
  longitude double precision,
  insurance_institution_code text,
  management_pharmacist_name text,
  tel text,
  contract_status text not null default 'active' check (contract_status in ('active', 'inactive')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (corporation_id, id),
  unique (corporation_id, store_code)
);
create unique index stores_store_code_idx on stores (store_code);

create table member_browsable_stores (
  corporation_id integer not null,
  member_id integer not null references members (id) on delete cascade,
  store_id integer not null,
  primary key (corporation_id, member_id, store_id),
  foreign key (corporation_id, store_id) references stores (corporation_id, id) on delete cascade
);

-- An uploader installation that has contacted the service for a store.
create table client_devices (
  corporation_id integer not null references corporations (id),
  id integer generated always as identity,
  store_id integer not null,
  name text not null,
  first_contact_at timestamptz not null default now(),
  last_contact_at timestamptz not null default now(),
  primary key (corporation_id, id),
  foreign key (corporation_id, store_id) references stores (corporation_id, id) on delete cascade
);

insert into prefectures (id, name, area_name, area_order) values
  (1, '北海道', '北海道', 1),
  (2, '青森県', '東北', 2), (3, '岩手県', '東北', 2), (4, '宮城県', '東北', 2),
  (5, '秋田県', '東北', 2), (6, '山形県', '東北', 2), (7, '福島県', '東北', 2),
  (8, '茨城県', '関東', 3), (9, '栃木県', '関東', 3), (10, '群馬県', '関東', 3),
  (11, '埼玉県', '関東', 3), (12, '千葉県', '関東', 3), (13, '東京都', '関東', 3),
  (14, '神奈川県', '関東', 3),
  (15, '新潟県', '中部', 4), (16, '富山県', '中部', 4), (17, '石川県', '中部', 4),
  (18, '福井県', '中部', 4), (19, '山梨県', '中部', 4), (20, '長野県', '中部', 4),
  (21, '岐阜県', '中部', 4), (22, '静岡県', '中部', 4), (23, '愛知県', '中部', 4),
  (24, '三重県', '近畿', 5), (25, '滋賀県', '近畿', 5), (26, '京都府', '近畿', 5),
  (27, '大阪府', '近畿', 5), (28, '兵庫県', '近畿', 5), (29, '奈良県', '近畿', 5),
  (30, '和歌山県', '近畿', 5),
  (31, '鳥取県', '中国', 6), (32, '島根県', '中国', 6), (33, '岡山県', '中国', 6),
  (34, '広島県', '中国', 6), (35, '山口県', '中国', 6),
  (36, '徳島県', '四国', 7), (37, '香川県', '四国', 7), (38, '愛媛県', '四国', 7),
  (39, '高知県', '四国', 7),
  (40, '福岡県', '九州・沖縄', 8), (41, '佐賀県', '九州・沖縄', 8), (42, '長崎県', '九州・沖縄', 8),
  (43, '熊本県', '九州・沖縄', 8), (44, '大分県', '九州・沖縄', 8), (45, '宮崎県', '九州・沖縄', 8),
  (46, '鹿児島県', '九州・沖縄', 8), (47, '沖縄県', '九州・沖縄', 8);
