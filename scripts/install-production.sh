#!/usr/bin/env bash
# Installs what the site runs on in production into a new virtual environment: the project's
# dependencies at the versions requirements.lock pins, each file checked against its hashes,
# with no extras (nothing of the test suite's). The Docker image is built with this script,
# and tests/production/ builds its virtual environment with it, so the tested install is the
# deployed one.
#
#   scripts/install-production.sh VENV [SOURCE]
#
# SOURCE is the folder holding requirements.lock (default: this repository); `make lock`
# writes it from pyproject.toml. Only the dependencies are installed: the project itself runs
# from its source folder, where the settings find templates/ and static/ beside the packages,
# and nothing is built there. PYTHON names the interpreter to make the environment with
# (default: python3).
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: scripts/install-production.sh VENV [SOURCE]" >&2
    exit 2
fi
venv="$1"
source="${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"

"${PYTHON:-python3}" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    --require-hashes -r "$source/requirements.lock"
