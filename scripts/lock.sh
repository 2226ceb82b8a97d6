#!/usr/bin/env bash
# Writes the lock files the installs read, from pyproject.toml: every package pinned to one
# version with the hashes of its files, for Python 3.11 on Linux.
#   requirements.lock        the dependencies, no extras: production (the image and
#                            scripts/install-production.sh)
#   requirements-test.lock   the same pins and the test extras: make's .venv
#
#   scripts/lock.sh [PIP-COMPILE OPTIONS]     (make lock runs it; make lock ARGS="...")
#
# A pin already in a lock is kept while pyproject.toml allows it: adding or removing a
# dependency, or narrowing its range, changes only what must change. To move on,
#   make lock ARGS="--upgrade-package weasyprint"   one package (and what it needs)
#   make lock ARGS="--upgrade"                      everything pyproject.toml allows
# The test lock is resolved within the production one, so both install the same versions
# (tests/test_lock.py checks it, and that both agree with pyproject.toml).
#
# pip-tools runs in a throwaway virtual environment; the packages are resolved against PyPI
# alone, whatever pip's configuration on this machine adds, so every hash is PyPI's.
# PYTHON names the interpreter (default: python3; it must be a 3.11).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
python="${PYTHON:-python3}"
"$python" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' \
    || { echo "scripts/lock.sh: $python is not Python 3.11, which the locks are for" >&2; exit 2; }

tools="$(mktemp -d)"
trap 'rm -rf "$tools"' EXIT
export PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1
unset PIP_FIND_LINKS PIP_EXTRA_INDEX_URL PIP_INDEX_URL PIP_CONSTRAINT
"$python" -m venv "$tools"
"$tools/bin/python" -m pip install --quiet "pip==26.3" "pip-tools==7.6.2"

# The command the files' header names.
export CUSTOM_COMPILE_COMMAND="make lock"
compile=(
    "$tools/bin/pip-compile" --quiet --generate-hashes --allow-unsafe --strip-extras
    --no-emit-index-url --no-emit-find-links --index-url https://pypi.org/simple "$@"
)
"${compile[@]}" --output-file requirements.lock pyproject.toml
"${compile[@]}" --extra test --constraint requirements.lock \
    --output-file requirements-test.lock pyproject.toml
