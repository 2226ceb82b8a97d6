#!/usr/bin/env bash
# Copies the front-end packages the pages load (installed by `npm ci` from package.json)
# into static/vendor/, where Django's static files serve them. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

# package -> file inside node_modules/<package>/
declare -A FILES=(
  [jsqr]=dist/jsQR.js
  [htmx.org]=dist/htmx.min.js
)

for package in "${!FILES[@]}"; do
  source="node_modules/$package/${FILES[$package]}"
  if [ ! -f "$source" ]; then
    echo "$source is missing: run npm ci first" >&2
    exit 1
  fi
  mkdir -p "static/vendor/$package"
  cp "$source" "static/vendor/$package/"  # a fresh mtime: make sees it is up to date
done
