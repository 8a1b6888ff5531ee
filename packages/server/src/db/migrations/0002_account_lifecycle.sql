-- Account lifecycle: e-mailed one-time links (sign-up, password reset) and invitations.

-- What a new corporation told us when it signed up.
alter table corporations
  add column applicant_tel text,
  add column applicant_role_title text,
  add column planned_store_count bigint,
  add column questionnaire smallint check (questionnaire between 1 and 3);

-- Single-use links sent by e-mail. Only a hash of the token is stored.
create table email_tokens (
  token_hash text primary key,
  purpose text not null check (purpose in ('sign_up', 'password_reset')),
  email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_tokens_email_idx on email_tokens (email, purpose);

create table invitations (
  corporation_id integer not null references corporations (id),
  id integer generated always as identity,
  email text not null check (email = lower(email)),
  role_id smallint not null check (role_id in (1, 2)),
  token_hash text not null unique,
  invited_by integer references members (id) on delete set null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (corporation_id, id)
);
create unique index invitations_pending_email_idx on invitations (corporation_id, email)
  where accepted_at is null;
