#!/usr/bin/env bash
# Create (or update) the role the site runs under at an event: it may read and write the
# event's rows, but owns no table, so it cannot drop or disable the ledger's triggers, and
# it may only add entries to the ledger, never change, delete or truncate one.
#
#   scripts/app-role.sh ROLE
#
# Run it as the database's owner (DATABASE_URL, read from the environment or .env as the
# settings read it), after `manage.py migrate`, which keeps running as the owner; run it
# again after each migration that adds a table. It asks for the new role's password, then
# prints the DATABASE_URL the site should use. Needs psql.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-$( [ -x "$ROOT/.venv/bin/python" ] && echo "$ROOT/.venv/bin/python" || echo python3)}"

if [ $# -ne 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
    echo "usage: scripts/app-role.sh ROLE   (run as the owner of the database of DATABASE_URL)" >&2
    exit 2
fi
role="$1"
if ! [[ "$role" =~ ^[a-z_][a-z0-9_]{0,62}$ ]]; then
    echo "A role name is lower-case letters, digits and _ only." >&2
    exit 2
fi

connection="$("$PYTHON" "$ROOT/scripts/database_env.py")" || exit 2
eval "$connection"
if [ "$role" = "$PGUSER" ]; then
    echo "$role owns the tables: name another role for the site." >&2
    exit 2
fi
read -r -s -p "Password for $role: " password
echo

psql --no-psqlrc --set ON_ERROR_STOP=1 --quiet \
     --set role="$role" --set password="$password" --set database="$PGDATABASE" <<'SQL'
SELECT format('CREATE ROLE %I', :'role')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
SELECT format('ALTER ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD %L',
              :'role', :'password') \gexec
SELECT format('GRANT CONNECT ON DATABASE %I TO %I', :'database', :'role') \gexec
SELECT format('GRANT USAGE ON SCHEMA public TO %I', :'role') \gexec
SELECT format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I',
              :'role') \gexec
SELECT format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', :'role') \gexec
-- The ledger: entries are added, never changed, deleted or truncated.
SELECT format('REVOKE UPDATE, DELETE, TRUNCATE ON banking_entry FROM %I', :'role') \gexec
SQL
echo "Done. The site's DATABASE_URL: postgres://$role:<password>@${PGHOST:-localhost}:${PGPORT:-5432}/$PGDATABASE"
