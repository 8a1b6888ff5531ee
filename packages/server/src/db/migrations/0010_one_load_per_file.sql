-- A store loads a file's content once. Its upload row is written in the transaction that loads
-- it, so a load cut off leaves no row behind, and a second copy arriving meanwhile waits for
-- the first and is then recorded as a duplicate.

-- Copies that concurrent uploads loaded a second time become duplicates of the first load.
update uploads u
set status = 'duplicate', message = '同じ内容のファイルは取り込み済みです。'
where u.status = 'loaded'
  and exists (
    select 1 from uploads e
    where e.corporation_id = u.corporation_id and e.store_id = u.store_id
      and e.content_hash = u.content_hash and e.status = 'loaded' and e.id < u.id);

-- Rows whose processing was cut off before this change ends as failed.
update uploads
set status = 'failed', message = '取り込みの途中で中断されました。ファイルをもう一度送ってください。'
where status = 'received';

drop index uploads_hash_idx;
create unique index uploads_one_load_idx on uploads (corporation_id, store_id, content_hash)
  where status in ('received', 'loaded');
