-- The version of each corporation's dispensing facts. The loader raises it in the transaction
-- that writes the facts, so an analytics answer kept for one version is never served once
-- another version has committed. A corporation without a row is at version 0.
create table analytics_data_versions (
  corporation_id integer primary key references corporations (id),
  version bigint not null
);
