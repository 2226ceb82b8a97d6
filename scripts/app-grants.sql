-- What the site's role may do in one database, as scripts/app-role.sh gives it and
-- scripts/restore.sh gives it again in a restored one. Run by psql as the tables' owner,
-- inside the caller's transaction, with the variables `role` (the site's) and `database`.
--
-- It reads and writes the event's rows, and owns nothing, so it cannot drop or disable the
-- ledger's triggers.
SELECT format('GRANT CONNECT ON DATABASE %I TO %I', :'database', :'role') \gexec
SELECT format('GRANT USAGE ON SCHEMA public TO %I', :'role') \gexec
SELECT format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I',
              :'role') \gexec
SELECT format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', :'role') \gexec
-- The tables and sequences this owner makes later (`manage.py migrate`) are the site's as
-- soon as they exist: a worker waiting for the migrations can read them as they are applied.
SELECT format('ALTER DEFAULT PRIVILEGES IN SCHEMA public'
              ' GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', :'role') \gexec
SELECT format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO %I',
              :'role') \gexec
-- The ledger: entries are added, never changed, deleted or truncated (once migrated).
SELECT format('REVOKE UPDATE, DELETE, TRUNCATE ON banking_entry FROM %I', :'role')
 WHERE to_regclass('public.banking_entry') IS NOT NULL \gexec
-- The audit trail: records are added, never deleted or truncated; the database's trigger
-- (migration 0016) refuses any change to one, whoever asks. UPDATE stays granted because
-- deleting a seat or a person that no record names sends an UPDATE that matches none.
SELECT format('REVOKE DELETE, TRUNCATE ON tournament_auditevent FROM %I', :'role')
 WHERE to_regclass('public.tournament_auditevent') IS NOT NULL \gexec
