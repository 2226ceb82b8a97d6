#!/usr/bin/env bash
# Create (or update) the role the site runs under at an event: it may read and write the
# event's rows, but owns no table, so it cannot drop or disable the ledger's triggers, and
# it may only add entries to the ledger, never change, delete or truncate one.
#
#   scripts/app-role.sh        the role of DATABASE_URL, with that URL's password (when
#                              OWNER_DATABASE_URL names the owner; the image's entrypoint)
#   scripts/app-role.sh ROLE   the role ROLE; asks for its password (read from standard input)
#
# Run it as the owner of the tables, the role `manage.py migrate` runs as: OWNER_DATABASE_URL
# when set, else DATABASE_URL (read from the environment or .env as the settings read them).
# The owner needs CREATEROLE, not superuser. Everything happens in one transaction: a failed
# run changes nothing. A role that is a superuser, or owns the tables, the schema or the
# database, is refused. The grants are scripts/app-grants.sql's; the tables the owner makes
# later are the role's as they are made, and running this again after a migration does no
# harm. Needs psql 15 or later, and a Python with the project's dependencies
# (scripts/find-python.sh).
#
# Exit status: 0 done; 1 refused or failed (nothing changed); 2 bad arguments.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/find-python.sh
. "$ROOT/scripts/find-python.sh"

if [ $# -gt 1 ] || [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    echo "usage: scripts/app-role.sh [ROLE]   (run as the owner of the tables: OWNER_DATABASE_URL, else DATABASE_URL)" >&2
    exit 2
fi

find_python "$ROOT" || exit 2
connection="$("$PYTHON" "$ROOT/scripts/database_env.py")" || exit 2
eval "$connection"

if [ $# -eq 1 ]; then
    role="$1"
    read -r -s -p "Password for $role: " password || true
    echo
elif [ -n "${SITE_ROLE:-}" ]; then
    role="$SITE_ROLE"
    password="${SITE_PASSWORD:-}"
else
    echo "Name the role (scripts/app-role.sh ROLE), or set OWNER_DATABASE_URL to the owner's URL" \
        "and DATABASE_URL to the site's." >&2
    exit 2
fi
if ! [[ "$role" =~ ^[a-z_][a-z0-9_]{0,62}$ ]]; then
    echo "A role name is lower-case letters, digits and _ only." >&2
    exit 2
fi

run_psql() { psql --no-psqlrc --set ON_ERROR_STOP=1 --quiet --set role="$role" "$@"; }

refusal="$(run_psql --tuples-only --no-align <<'SQL'
SELECT CASE
    WHEN r.rolsuper THEN format('%s is a superuser, which can switch the ledger''s triggers off:'
        ' the site needs a role of its own.', r.rolname)
    WHEN pg_has_role(r.oid, d.datdba, 'MEMBER')
      OR EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                  WHERE n.nspname = 'public' AND pg_has_role(r.oid, c.relowner, 'MEMBER'))
    THEN format('%s owns the tables (or the database %s), so it could drop the ledger''s'
        ' triggers: the site needs a role of its own.', r.rolname, d.datname)
    END
  FROM pg_roles r, pg_database d
 WHERE r.rolname = :'role' AND d.datname = current_database();
SQL
)" || exit 1
if [ -n "$refusal" ]; then
    echo "$refusal Nothing was changed." >&2
    exit 1
fi

# The password goes to psql through its environment, never on a command line.
if [ -n "$password" ]; then
    export MONOPOLY_ROLE_PASSWORD="$password"
fi
run_psql --set database="$PGDATABASE" --set grants="$ROOT/scripts/app-grants.sql" <<'SQL'
\getenv password MONOPOLY_ROLE_PASSWORD
BEGIN;
-- One run at a time (web servers that start together each run it): roles and grants
-- changed at once by two transactions fail ("tuple concurrently updated").
SELECT pg_advisory_xact_lock(x'4D4E726F6C65'::bigint) AS locked \gset
SELECT format('CREATE ROLE %I LOGIN', :'role')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
SELECT format('ALTER ROLE %I LOGIN NOCREATEDB NOCREATEROLE', :'role') \gexec
\if :{?password}
SELECT format('ALTER ROLE %I PASSWORD %L', :'role', :'password') \gexec
\endif
\i :grants
COMMIT;
SQL
echo "The role $role may read and write the rows of $PGDATABASE, and only add to its ledger."
echo "The site's DATABASE_URL: postgres://$role:<password>@${PGHOST:-localhost}:${PGPORT:-5432}/$PGDATABASE"
