#!/usr/bin/env bash
# Back up the site: its database (the PostgreSQL database of DATABASE_URL, read from the
# environment or .env as the settings read it) and its printed documents (MEDIA_ROOT), to
# timestamped files, and say where.
#
#   scripts/backup.sh [FOLDER]
#
# The database goes to `pg_dump --format=custom` in FOLDER (default: $BACKUP_DIR, else
# backups/ at the project's root) as monopoly-<database>-<UTC time>.dump; the printed PDFs,
# when there are any, beside it as the same name with .media.tar.gz. pg_dump reads one
# consistent snapshot, so it is safe while tables are playing. Restore the database with
# scripts/restore.sh. Needs the PostgreSQL client tools (pg_dump) of the server's version,
# and a Python with the project's dependencies (scripts/find-python.sh: PYTHON, python3 on
# PATH, or .venv/). The last line printed is the database file's path alone.
set -euo pipefail
# The backups hold every table's console key and the API tokens: readable by their owner
# alone (files 0600, a folder made here 0700).
umask 077

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/find-python.sh
. "$ROOT/scripts/find-python.sh"

if [ $# -gt 1 ] || [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    echo "usage: scripts/backup.sh [FOLDER]   (backs up the database of DATABASE_URL and MEDIA_ROOT)" >&2
    exit 2
fi
folder="${1:-${BACKUP_DIR:-$ROOT/backups}}"

find_python "$ROOT" || exit 2
connection="$("$PYTHON" "$ROOT/scripts/database_env.py")" || exit 2
eval "$connection"

mkdir -p "$folder"
stem="$folder/monopoly-$PGDATABASE-$(date -u +%Y%m%dT%H%M%SZ)"
file="$stem.dump"
media="$stem.media.tar.gz"
if [ -e "$file" ]; then
    echo "$file already exists: wait a second and back up again." >&2
    exit 1
fi

# Written under other names first, so a failed backup never looks like one.
partial="$file.partial"
partial_media="$media.partial"
trap 'rm -f "$partial" "$partial_media"' EXIT
if ! pg_dump --format=custom --file="$partial"; then
    echo "The backup of $PGDATABASE failed (see pg_dump's message above); no file was kept." >&2
    exit 1
fi

# The printed documents: what the worker wrote under MEDIA_ROOT (prints/).
if [ -d "$BACKUP_MEDIA_ROOT" ] && [ -n "$(ls -A "$BACKUP_MEDIA_ROOT")" ]; then
    if ! tar --create --gzip --file="$partial_media" --directory="$BACKUP_MEDIA_ROOT" .; then
        echo "The backup of the printed documents in $BACKUP_MEDIA_ROOT failed (see above);" \
            "no file was kept." >&2
        exit 1
    fi
    mv "$partial_media" "$media"
    media_note="Backed up the printed documents of $BACKUP_MEDIA_ROOT to $media ($(du -h "$media" | cut -f1))."
else
    media_note="No printed documents to back up: $BACKUP_MEDIA_ROOT is empty."
fi
mv "$partial" "$file"
echo "Backed up database $PGDATABASE to $file ($(du -h "$file" | cut -f1))."
echo "$media_note"
echo "$file"
