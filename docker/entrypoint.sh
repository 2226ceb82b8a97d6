#!/bin/sh
# Entrypoint of the image: brings the database schema up to date before the web
# server starts, and holds the Celery worker until it is (on a fresh database the
# worker would otherwise start before the tables exist). Other commands
# (manage.py, scripts/backup.sh ...) run as given.
set -eu

case "${1:-}" in
    gunicorn)
        python manage.py migrate --noinput
        ;;
    celery)
        waited=0
        until python manage.py migrate --check >/dev/null 2>&1; do
            if [ $((waited % 30)) -eq 0 ]; then
                echo "Waiting for the database to be migrated (the web container does it as" \
                    "it starts; or run manage.py migrate)..." >&2
            fi
            sleep 2
            waited=$((waited + 2))
        done
        ;;
esac

exec "$@"
