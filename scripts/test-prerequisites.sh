#!/usr/bin/env bash
# Makes this machine ready for the test suite: the Debian packages the tests
# use, and PostgreSQL and Redis listening on 127.0.0.1. Safe to run again.
set -euo pipefail

# Debian package -> a file that shows it is installed.
declare -A PACKAGES=(
  [libpango-1.0-0]=/usr/lib/x86_64-linux-gnu/libpango-1.0.so.0
  [fonts-dejavu-core]=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
  [fonts-liberation]=/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf
  [fonts-noto-cjk]=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
  [chromium]=/usr/bin/chromium
  [poppler-utils]=/usr/bin/pdftotext
  [gettext]=/usr/bin/msgfmt
)

missing=()
for package in "${!PACKAGES[@]}"; do
  if ! dpkg -s "$package" >/dev/null 2>&1; then missing+=("$package"); fi
done
if ((${#missing[@]})); then
  echo "Installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

# Front-end packages (axe-core for the browser tests, jsQR for the desk, htmx for the pages
# that poll), from the npm registry.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing npm packages"
  npm ci --no-audit --no-fund --silent
fi
# What the pages load (the desk's QR code reader, htmx), into static/vendor/.
"$(dirname "$0")/vendor-static.sh"

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "Starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
  for _ in $(seq 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "Starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
  for _ in $(seq 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432
redis-cli -h 127.0.0.1 -p 6379 ping
