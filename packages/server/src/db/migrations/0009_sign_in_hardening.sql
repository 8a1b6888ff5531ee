-- Sign-in hardening: failures counted per address, ID tokens revocable and single-use.

-- Failed sign-ins are counted per address, whether or not an account has it, so that a lock
-- looks the same for every address. Counting and locking happen in one statement each.
create table sign_in_failures (
  email text primary key check (email = lower(email)),
  failed_attempts integer not null default 0,
  locked_until timestamptz
);
alter table identity_users drop column failed_attempts, drop column locked_until;

-- Logout and a new password raise the generation; an ID token of an older generation (or, for a
-- provider's token without one, issued no later than the second of tokens_revoked_at) opens no
-- session.
alter table identity_users
  add column token_generation integer not null default 0,
  add column tokens_revoked_at timestamptz not null default now();

-- ID tokens that have opened a session: each opens one only. Kept until the token expires.
create table used_id_tokens (
  token_id text primary key,
  expires_at timestamptz not null
);
create index used_id_tokens_expires_idx on used_id_tokens (expires_at);
