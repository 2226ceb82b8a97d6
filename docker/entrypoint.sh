#!/bin/sh
# Entrypoint of the image: brings the database schema up to date before the web
# server starts, then runs the command. Other commands (the Celery worker,
# manage.py ...) run as given, without migrating.
set -eu

if [ "${1:-}" = "gunicorn" ]; then
    python manage.py migrate --noinput
fi

exec "$@"
