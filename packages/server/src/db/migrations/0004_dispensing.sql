-- Dispensing data: uploads, dimensions and facts of each corporation, masters shared by all.

-- Every file an uploader sent, kept raw (by content hash) in the data directory.
create table uploads (
  corporation_id integer not null references corporations (id),
  id bigint generated always as identity,
  store_id integer not null,
  file_name text not null,
  content_hash text not null,
  size_bytes bigint not null,
  format text,
  status text not null check (status in ('received', 'loaded', 'duplicate', 'failed')),
  prescriptions_loaded integer not null default 0,
  rows_refused integer not null default 0,
  message text,
  received_at timestamptz not null default now(),
  loaded_at timestamptz,
  primary key (corporation_id, id),
  foreign key (corporation_id, store_id) references stores (corporation_id, id)
);
create index uploads_store_idx on uploads (corporation_id, store_id, received_at desc);
create index uploads_hash_idx on uploads (corporation_id, store_id, content_hash) where status = 'loaded';

-- Lines of a file that could not be loaded, with the reason, never silently dropped.
create table upload_rejects (
  corporation_id integer not null,
  upload_id bigint not null,
  line_no integer not null,
  reason text not null,
  raw text not null,
  primary key (corporation_id, upload_id, line_no),
  foreign key (corporation_id, upload_id) references uploads (corporation_id, id) on delete cascade
);

-- Patients are pseudonymous: the key is a keyed hash made by the uploader; the home is kept
-- at town level, rounded to about 100 m, and as its 1/2 mesh code.
create table patients (
  corporation_id integer not null references corporations (id),
  id bigint generated always as identity,
  patient_key text not null,
  gender smallint check (gender in (1, 2)),
  birth_month date,
  zip_code text,
  city text,
  town text,
  latitude double precision,
  longitude double precision,
  mesh_code text,
  primary key (corporation_id, id),
  unique (corporation_id, patient_key)
);

create table medical_institutions (
  corporation_id integer not null references corporations (id),
  id integer generated always as identity,
  code text not null,
  name text not null,
  primary key (corporation_id, id),
  unique (corporation_id, code)
);

create table doctors (
  corporation_id integer not null,
  id integer generated always as identity,
  institution_id integer not null,
  name text not null,
  primary key (corporation_id, id),
  unique (corporation_id, institution_id, name),
  foreign key (corporation_id, institution_id) references medical_institutions (corporation_id, id)
);

create table clinical_departments (
  corporation_id integer not null references corporations (id),
  id integer generated always as identity,
  name text not null,
  primary key (corporation_id, id),
  unique (corporation_id, name)
);

create table pharmacists (
  corporation_id integer not null references corporations (id),
  id integer generated always as identity,
  -- the staff code when the file gives one, else the name
  pharmacist_key text not null,
  name text,
  primary key (corporation_id, id),
  unique (corporation_id, pharmacist_key)
);

-- One dispensed prescription sheet. Its natural key makes a re-sent or corrected file replace
-- it instead of adding a second copy.
create table prescriptions (
  corporation_id integer not null,
  store_id integer not null,
  id bigint generated always as identity,
  dispensing_date date not null,
  reception_time time,
  reception_id text not null,
  prescription_no smallint not null,
  patient_id bigint not null,
  institution_id integer not null,
  doctor_id integer,
  department_id integer,
  pharmacist_id integer,
  insurance_type text not null,
  reception_type text not null check (reception_type in ('外来', '在宅')),
  visit_type text check (visit_type in ('新規', '再来')),
  medicine_notebook boolean,
  technical_points numeric(12, 2) not null,
  management_points numeric(12, 2) not null,
  medicine_points numeric(12, 2) not null,
  material_points numeric(12, 2) not null,
  sales_yen bigint not null,
  upload_id bigint,
  primary key (corporation_id, id),
  unique (corporation_id, store_id, dispensing_date, reception_id, prescription_no),
  foreign key (corporation_id, store_id) references stores (corporation_id, id),
  foreign key (corporation_id, patient_id) references patients (corporation_id, id),
  foreign key (corporation_id, institution_id) references medical_institutions (corporation_id, id)
);
create index prescriptions_date_idx on prescriptions (corporation_id, dispensing_date, store_id);

create table prescription_fees (
  corporation_id integer not null,
  prescription_id bigint not null,
  line_no smallint not null,
  code text not null,
  name text not null,
  category text not null,
  points numeric(10, 2) not null,
  count integer not null,
  primary key (corporation_id, prescription_id, line_no),
  foreign key (corporation_id, prescription_id) references prescriptions (corporation_id, id) on delete cascade
);

create table prescription_medicines (
  corporation_id integer not null,
  prescription_id bigint not null,
  line_no smallint not null,
  code text not null,
  name text not null,
  points numeric(12, 2) not null,
  count integer not null,
  quantity numeric(14, 3),
  unit text,
  amount_yen bigint not null,
  primary key (corporation_id, prescription_id, line_no),
  foreign key (corporation_id, prescription_id) references prescriptions (corporation_id, id) on delete cascade
);

create table prescription_materials (
  corporation_id integer not null,
  prescription_id bigint not null,
  line_no smallint not null,
  code text not null,
  name text not null,
  points numeric(12, 2) not null,
  count integer not null,
  quantity numeric(14, 3),
  unit text,
  amount_yen bigint not null,
  primary key (corporation_id, prescription_id, line_no),
  foreign key (corporation_id, prescription_id) references prescriptions (corporation_id, id) on delete cascade
);

-- An uploader installation is known by its store and the name it reports.
create unique index client_devices_store_name_idx on client_devices (corporation_id, store_id, name);
