-- One row per monthly dashboard report: the server that inserts it sends the month's mails.
create table report_runs (
  month text primary key,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  sent integer
);
