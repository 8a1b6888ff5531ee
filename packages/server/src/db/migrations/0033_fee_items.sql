-- A fee line repeated its fee's code, name and category, although a corporation bills a few dozen
-- fees: about 60 bytes of text on each of millions of lines, half of the fee lines' table. The
-- fees move to a dictionary of each corporation, the lines name theirs by id, and
-- prescription_fees stays as a view with its columns, so every reader is unchanged.

-- Each fee (code, name and category, as the files give them) once per corporation.
create table fee_items (
  corporation_id integer not null references corporations (id),
  id integer generated always as identity,
  code text not null,
  name text not null,
  category text not null,
  primary key (corporation_id, id),
  unique (corporation_id, code, name, category)
);

-- The columns are in the order that leaves the least padding between them (56 bytes a row with
-- its header instead of 64). Like the other line tables (0006_line_tables_without_triggers.sql),
-- the lines keep only their primary key: the loader is their only writer, adds their fee items
-- and deletes lines with their prescription in the same transaction, and a foreign key to
-- fee_items, checked row by row, doubled the time the lines took to write.
create table prescription_fee_lines (
  corporation_id integer not null,
  fee_item_id integer not null,
  prescription_id bigint not null,
  line_no smallint not null,
  points numeric(10, 2) not null,
  count integer not null,
  primary key (corporation_id, prescription_id, line_no)
);

insert into fee_items (corporation_id, code, name, category)
select distinct corporation_id, code, name, category from prescription_fees
order by corporation_id, code, name, category;

insert into prescription_fee_lines (corporation_id, fee_item_id, prescription_id, line_no, points, count)
select f.corporation_id, i.id, f.prescription_id, f.line_no, f.points, f.count
from prescription_fees f
join fee_items i on i.corporation_id = f.corporation_id and i.code = f.code and i.name = f.name
  and i.category = f.category
order by f.corporation_id, f.prescription_id, f.line_no;

drop table prescription_fees;

create view prescription_fees as
select l.corporation_id, l.prescription_id, l.line_no, i.code, i.name, i.category, l.points, l.count
from prescription_fee_lines l
join fee_items i on i.corporation_id = l.corporation_id and i.id = l.fee_item_id;
