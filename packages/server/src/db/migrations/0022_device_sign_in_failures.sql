-- Failed uploader sign-ins (HTTP Basic) are counted per device user name, known or not, and lock
-- the name for a while as failed sign-ins lock an address (see sign_in_failures).
create table device_sign_in_failures (
  user_name text primary key,
  failed_attempts integer not null default 0,
  locked_until timestamptz
);
