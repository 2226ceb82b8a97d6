#!/usr/bin/env bash
# Restore a backup made by scripts/backup.sh into a NEW database, then check it.
#
#   scripts/restore.sh DUMPFILE NEW_DATABASE
#
# NEW_DATABASE is a name (created on the server of DATABASE_URL) or a full postgres:// URL.
# A database that already exists is refused and left as it is: a restore never writes over
# data. The restore runs in one transaction (all or nothing; a failed one drops the new
# database again); the ledger's append-only trigger comes back with the rest of the schema.
# Then `manage.py verify_ledgers` replays every table's ledger in the restored database.
#
# Exit status: 0 restored and verified; 1 refused, failed, or the ledgers differ (the
# restored database is kept to look into); 2 bad arguments.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/find-python.sh
. "$ROOT/scripts/find-python.sh"

if [ $# -ne 2 ]; then
    echo "usage: scripts/restore.sh DUMPFILE NEW_DATABASE   (a new database name or URL)" >&2
    exit 2
fi
dump="$1"

if [ ! -f "$dump" ] || [ ! -r "$dump" ]; then
    echo "There is no readable file $dump: nothing was restored." >&2
    exit 2
fi
if ! pg_restore --list "$dump" >/dev/null 2>&1; then
    echo "$dump is not a backup made by scripts/backup.sh (pg_dump --format=custom):" \
        "nothing was restored." >&2
    exit 2
fi

find_python "$ROOT" || exit 2
connection="$("$PYTHON" "$ROOT/scripts/database_env.py" "$2")" || exit 2
eval "$connection"
where="${PGHOST:-the local server}${PGPORT:+:$PGPORT}"

psql_admin() { psql --dbname=postgres --no-psqlrc --quiet --tuples-only --no-align "$@"; }

exists="$(psql_admin --set=name="$PGDATABASE" <<<"SELECT 1 FROM pg_database WHERE datname = :'name';")"
if [ -n "$exists" ]; then
    echo "The database $PGDATABASE already exists on $where. A restore only goes into a new" \
        "database, so nothing was changed: choose another name." >&2
    exit 1
fi

createdb "$PGDATABASE"
restored=""
drop_if_unfinished() {
    if [ -z "$restored" ]; then
        dropdb --if-exists "$PGDATABASE" || true
        echo "The restore failed, so the new database $PGDATABASE was dropped again." >&2
    fi
}
trap drop_if_unfinished EXIT
pg_restore --no-owner --no-privileges --single-transaction --exit-on-error \
    --dbname="$PGDATABASE" "$dump"
restored="yes"

# The append-only trigger is part of the schema: say so if it did not come back.
trigger="$(psql --dbname="$PGDATABASE" --no-psqlrc --tuples-only --no-align --command \
    "SELECT count(*) FROM pg_trigger WHERE tgname = 'banking_entry_append_only' AND NOT tgisinternal")"
if [ "$trigger" != "1" ]; then
    echo "Restored into $PGDATABASE, but the ledger's append-only trigger is missing:" \
        "run 'manage.py migrate' against it before use." >&2
    exit 1
fi

# The dump's grants are left out (the roles may differ on this server): the site's role
# gets app-role.sh's, ledger rules included.
if [ -n "${SITE_ROLE:-}" ]; then
    if ! OWNER_DATABASE_URL="$TARGET_URL" "$ROOT/scripts/app-role.sh" >/dev/null; then
        echo "Restored into $PGDATABASE, but the site's role $SITE_ROLE could not be given its" \
            "rights there (above): run scripts/app-role.sh against it before use." >&2
        exit 1
    fi
    echo "The site's role $SITE_ROLE may read and write $PGDATABASE, and only add to its ledger."
fi

echo "Restored $dump into $PGDATABASE on $where. Checking every ledger..."
if ! DATABASE_URL="$TARGET_URL" "$PYTHON" "$ROOT/manage.py" verify_ledgers; then
    echo "The restored database $PGDATABASE differs from a replay of its ledgers (above);" \
        "it is kept to look into." >&2
    exit 1
fi
echo "Restore checked: $PGDATABASE is ready. To serve it, point DATABASE_URL (and" \
    "OWNER_DATABASE_URL) at it and restart."
media="${dump%.dump}.media.tar.gz"
if [ -f "$media" ]; then
    echo "The printed documents backed up with it are in $media: to put them back, unpack it" \
        "into the site's MEDIA_ROOT (tar -xzf $media -C MEDIA_ROOT)."
fi
