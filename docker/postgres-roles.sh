#!/usr/bin/env bash
# The two roles of Monopoly Night's database, made by the postgres image on a new data
# volume (compose.yaml mounts this file into /docker-entrypoint-initdb.d/; the image runs it
# once, as its superuser POSTGRES_USER, after creating POSTGRES_DB):
#
#   OWNER_ROLE  owns POSTGRES_DB, so the tables migrate makes: it migrates and gives the
#               site's role its rights (scripts/app-role.sh). Not a superuser: CREATEROLE to
#               make and update the site's role, CREATEDB to restore into a new database.
#   APP_ROLE    the site's (web and worker): logs in and owns nothing; the web container's
#               entrypoint gives it the event's rows (scripts/app-role.sh). Made here so that
#               a worker started first can connect while it waits for the migrations.
set -euo pipefail

psql --no-psqlrc --set ON_ERROR_STOP=1 --quiet \
     --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
     --set database="$POSTGRES_DB" \
     --set owner="$OWNER_ROLE" --set owner_password="$OWNER_PASSWORD" \
     --set app="$APP_ROLE" --set app_password="$APP_PASSWORD" <<'SQL'
BEGIN;
SELECT format('CREATE ROLE %I LOGIN CREATEROLE CREATEDB PASSWORD %L', :'owner', :'owner_password')
\gexec
SELECT format('ALTER DATABASE %I OWNER TO %I', :'database', :'owner') \gexec
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', :'app', :'app_password') \gexec
COMMIT;
SQL
