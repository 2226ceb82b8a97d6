#!/usr/bin/env bash
# The catalogues (locale/<language>/LC_MESSAGES/django.po, and djangojs.po for the scripts)
# brought up to date with every string the code marks for translation. Run from the
# repository's root, or a copy of it (tests/test_translations.py checks that it finds
# nothing the catalogues lack). With no argument, every language locale/ has; a new one:
#   scripts/makemessages.sh -l it
# Needs Debian's gettext (xgettext, msgmerge). PYTHON names the interpreter (.venv's).
set -euo pipefail
PYTHON="${PYTHON:-.venv/bin/python}"
languages=("$@")
((${#languages[@]})) || languages=(--all)
for domain in django djangojs; do
  DJANGO_SETTINGS_MODULE=tournament.settings.base "$PYTHON" manage.py makemessages \
    --domain "$domain" "${languages[@]}" --add-location=file --no-obsolete \
    --ignore=node_modules --ignore=static/vendor --ignore=staticfiles --ignore=tests \
    --ignore=bench --ignore=mutants --ignore=media --ignore=docs
done
