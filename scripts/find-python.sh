# Sourced by backup.sh and restore.sh: sets PYTHON to an interpreter with the project's
# dependencies (django-environ and Django), which read DATABASE_URL as the site reads it and
# run manage.py. Tried in order: $PYTHON when set; python3 on PATH (the image's, or an
# activated virtual environment's); .venv/bin/python of this checkout (make venv).

has_dependencies() { [ -x "$1" ] && "$1" -c "import environ, django" >/dev/null 2>&1; }

find_python() {
    local root="$1" candidate
    if [ -n "${PYTHON:-}" ]; then
        candidate="$(command -v "$PYTHON" || true)"
        if [ -n "$candidate" ] && has_dependencies "$candidate"; then
            PYTHON="$candidate"
            return 0
        fi
        echo "PYTHON=$PYTHON cannot import the project's dependencies (django-environ," \
            "Django): set PYTHON to the python of the site's virtual environment." >&2
        return 1
    fi
    for candidate in "$(command -v python3 || true)" "$root/.venv/bin/python"; do
        if [ -n "$candidate" ] && has_dependencies "$candidate"; then
            PYTHON="$candidate"
            return 0
        fi
    done
    echo "No Python with the project's dependencies (django-environ, Django) was found:" \
        "python3 on PATH lacks them and there is no $root/.venv. Set PYTHON to the python of" \
        "the site's virtual environment (e.g. PYTHON=/opt/venv/bin/python), activate it, or" \
        "run 'make venv' in the checkout." >&2
    return 1
}
