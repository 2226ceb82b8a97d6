#!/usr/bin/env bash
# Back up the site's database (the PostgreSQL database of DATABASE_URL, read from the
# environment or .env as the settings read it) to a timestamped file, and say where.
#
#   scripts/backup.sh [FOLDER]
#
# The file is `pg_dump --format=custom`, written to FOLDER (default: $BACKUP_DIR, else
# backups/ at the project's root) as monopoly-<database>-<UTC time>.dump. pg_dump reads
# one consistent snapshot, so it is safe while tables are playing. Restore it with
# scripts/restore.sh. Needs the PostgreSQL client tools (pg_dump) of the server's version.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-$( [ -x "$ROOT/.venv/bin/python" ] && echo "$ROOT/.venv/bin/python" || echo python3)}"

if [ $# -gt 1 ] || [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    echo "usage: scripts/backup.sh [FOLDER]   (backs up the database of DATABASE_URL)" >&2
    exit 2
fi
folder="${1:-${BACKUP_DIR:-$ROOT/backups}}"

connection="$("$PYTHON" "$ROOT/scripts/database_env.py")" || exit 2
eval "$connection"

mkdir -p "$folder"
file="$folder/monopoly-$PGDATABASE-$(date -u +%Y%m%dT%H%M%SZ).dump"
if [ -e "$file" ]; then
    echo "$file already exists: wait a second and back up again." >&2
    exit 1
fi

# Written under another name first, so a failed dump never looks like a backup.
partial="$file.partial"
trap 'rm -f "$partial"' EXIT
if ! pg_dump --format=custom --file="$partial"; then
    echo "The backup of $PGDATABASE failed (see pg_dump's message above); no file was kept." >&2
    exit 1
fi
mv "$partial" "$file"
echo "Backed up database $PGDATABASE to $file ($(du -h "$file" | cut -f1))."
echo "$file"
