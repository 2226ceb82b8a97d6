#!/bin/sh
# Entrypoint of the image. The site runs as a role that owns no table (DATABASE_URL's); the
# tables' owner (OWNER_DATABASE_URL's) migrates them and gives the site's role its rights:
#
#   gunicorn  scripts/app-role.sh (the site's role may use each table migrate makes), then
#             `manage.py migrate` as the owner, then app-role.sh again (the ledger's rules on
#             new tables); then the web server, without the owner's URL.
#   celery    waits until the database is migrated (on a fresh database the worker would
#             otherwise start before the tables exist), saying why when it cannot check.
#
# Other commands (manage.py, scripts/backup.sh ...) run as given.
set -eu

case "${1:-}" in
    gunicorn)
        if [ -z "${OWNER_DATABASE_URL:-}" ]; then
            echo "OWNER_DATABASE_URL is not set: the web container migrates the database as" \
                "the tables' owner and serves as the site's role (DATABASE_URL), which owns" \
                "nothing. See docker/README.md." >&2
            exit 2
        fi
        scripts/app-role.sh
        DATABASE_URL="$OWNER_DATABASE_URL" python manage.py migrate --noinput
        scripts/app-role.sh
        unset OWNER_DATABASE_URL
        ;;
    celery)
        waited=0
        said=""
        # `migrate --check` says nothing and fails while migrations are unapplied; anything
        # it prints is why the database cannot be checked (its last line names the error).
        until output="$(python manage.py migrate --check 2>&1)"; do
            reason="$(printf '%s\n' "$output" | sed '/^[[:space:]]*$/d' | tail -n 1)"
            if [ "$reason" != "$said" ] || [ $((waited % 30)) -eq 0 ]; then
                if [ -z "$reason" ]; then
                    echo "Waiting for the database to be migrated (the web container does it" \
                        "as it starts; or run manage.py migrate)..." >&2
                else
                    echo "Waiting for the database, which cannot be checked: $reason" >&2
                fi
                said="$reason"
            fi
            sleep 2
            waited=$((waited + 2))
        done
        ;;
esac

exec "$@"
