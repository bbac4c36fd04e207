#!/usr/bin/env bash
# Prints the path of a usable Chromium for the e2e tests (Playwright cannot download its own here).
# Order: $CHROME_PATH, Debian's chromium-headless-shell (the "old headless" build Playwright itself
# runs headless tests in: no GPU process, about half the CPU per page of the full browser),
# /usr/bin/chromium, chromium / chromium-browser / google-chrome on PATH.
# If none is found: installs Debian's chromium-headless-shell when running as root with apt-get,
# else explains and exits 1.
set -euo pipefail

usable() { [[ -n "${1:-}" && -x "$1" && ! -d "$1" ]]; }

if [[ -n "${CHROME_PATH:-}" ]]; then
  if usable "$CHROME_PATH"; then echo "$CHROME_PATH"; exit 0; fi
  echo "find-chromium: CHROME_PATH=$CHROME_PATH is not an executable file; looking elsewhere." >&2
fi

if usable /usr/bin/chromium-headless-shell; then echo /usr/bin/chromium-headless-shell; exit 0; fi
if usable /usr/bin/chromium; then echo /usr/bin/chromium; exit 0; fi

for name in chromium chromium-browser google-chrome google-chrome-stable; do
  if p="$(command -v "$name" 2>/dev/null)" && usable "$p"; then echo "$p"; exit 0; fi
done

if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  echo "find-chromium: no Chromium found; installing Debian's chromium-headless-shell (about 30 s)…" >&2
  # Progress goes to stderr so stdout stays just the path.
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell; } >&2
  if usable /usr/bin/chromium-headless-shell; then echo /usr/bin/chromium-headless-shell; exit 0; fi
  echo "find-chromium: apt-get install chromium-headless-shell finished but it is missing." >&2
  exit 1
fi

cat >&2 <<'MSG'
find-chromium: no Chromium browser found. Install one, then re-run:
    sudo apt-get install -y chromium-headless-shell
or point the tests at an existing Chrome/Chromium:
    export CHROME_PATH=/path/to/chromium
MSG
exit 1
