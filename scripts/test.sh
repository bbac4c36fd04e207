#!/usr/bin/env bash
# `npm test`: everything CI runs, in order, with timings. Every phase runs even after a failure
# (so one run shows all problems); the last line is always "N passed, M failed" (API + browser
# tests) and the exit code is non-zero if any phase failed.
#
#   PDF tools → lint → boundaries → typecheck → API tests on PGlite → API tests on PostgreSQL (if reachable)
#   → build → browser tests on PGlite → the flows that reach PostgreSQL-specific code, in the
#   browser on PostgreSQL instead (if reachable; ADR 0027, 0029)
#   → Razorpay checkout.js browser tests (own server with keys; PostgreSQL if reachable, else PGlite)
#   → scale-out: three processes behind Caddy on a fresh PostgreSQL database (when caddy and PostgreSQL are there; ADR 0038)
#
# PostgreSQL is used when DATABASE_URL is set or something answers on 127.0.0.1:5432.
# The browser suite on PostgreSQL gets a fresh database `cardpanel_e2e` on that server.
set -euo pipefail
cd "$(dirname "$0")/.."

RESULTS=.tmp/test-results
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
export NODE_OPTIONS="${NODE_OPTIONS:-} --no-deprecation"

passed=0
failed=0
failed_phases=()
t_all=$(date +%s%N)

elapsed() { awk -v s="$1" -v e="$(date +%s%N)" 'BEGIN { printf "%.1f s", (e - s) / 1e9 }'; }

# phase NAME COMMAND...: runs COMMAND, prints its duration, records a failure without stopping.
phase() {
  local name=$1 t
  shift
  t=$(date +%s%N)
  echo
  echo "==> $name"
  if "$@"; then
    echo "<== $name: ok ($(elapsed "$t"))"
  else
    echo "<== $name: FAILED ($(elapsed "$t"))"
    failed_phases+=("$name")
  fi
}

# count FILE PASSED FAILED: adds the counts named PASSED and FAILED in a JSON report (Vitest's
# numPassedTests/numFailedTests, or the e2e summary's passed/failed); a missing report counts
# as one failure.
count() {
  local counts
  if counts=$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(r[process.argv[2]], r[process.argv[3]])' "$1" "$2" "$3" 2>/dev/null); then
    passed=$((passed + ${counts% *}))
    failed=$((failed + ${counts#* }))
  else
    failed=$((failed + 1))
  fi
}
count_vitest() { count "$1" numPassedTests numFailedTests; }
count_e2e() { count "$1" passed failed; }

vitest_run() { # vitest_run LABEL [env...]
  local label=$1
  shift
  env "$@" npx vitest run --exclude 'tests/e2e/**' \
    --reporter=default --reporter=json --outputFile.json="$RESULTS/vitest-$label.json"
}

# e2e_run LABEL [env...]: a fresh data dir per run, kept only when the run fails.
# E2E_CONFIG=<file>: another Playwright config (playwright.razorpay.config.ts).
# E2E_SPECS=<args>: Playwright filters (spec files, --grep-invert …), else every test.
e2e_run() {
  local label=$1 dir rc=0
  shift
  dir=$(mktemp -d "${TMPDIR:-/tmp}/cardpanel-e2e-$label-XXXXXX")
  env "$@" E2E_DATA_DIR="$dir" CHROME_PATH="$CHROME_PATH" E2E_SUMMARY_FILE="$RESULTS/e2e-$label.json" \
    E2E_OUTPUT_DIR="test-results/$label" npx playwright test ${E2E_CONFIG:+--config "$E2E_CONFIG"} ${E2E_SPECS:-} || rc=$?
  if ((rc == 0)); then rm -rf "$dir"; else echo "--- server data dir kept for inspection: $dir"; fi
  return "$rc"
}

# --- PostgreSQL: an explicit DATABASE_URL, else the machine's server on 127.0.0.1:5432 ------------
PG_URL=""
if [[ -n "${DATABASE_URL:-}" ]]; then
  PG_URL=$DATABASE_URL
elif { command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; } ||
  node -e 'const s=require("net").connect(5432,"127.0.0.1");s.setTimeout(1000);s.on("connect",()=>process.exit(0));s.on("error",()=>process.exit(1));s.on("timeout",()=>process.exit(1))' 2>/dev/null; then
  PG_URL=postgres://postgres@127.0.0.1:5432/test
fi

# E2E_PG_DB: another name lets two checkouts run their suites side by side.
E2E_PG_DB=${E2E_PG_DB:-cardpanel_e2e}
E2E_RZP_PG_DB=${E2E_RZP_PG_DB:-${E2E_PG_DB}_rzp}

# fresh_e2e_database: (re)creates $E2E_PG_DB next to $PG_URL, migrates it, prints its URL.
fresh_e2e_database() {
  local url
  url=$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.href)' "$PG_URL" "$E2E_PG_DB")
  node --input-type=module -e '
    import pg from "pg";
    const admin = new URL(process.argv[1]); admin.pathname = "/postgres";
    const c = new pg.Client({ connectionString: admin.href });
    await c.connect();
    const db = process.argv[2];
    if (!/^[a-z_][a-z0-9_]*$/.test(db)) throw new Error("Unsafe database name: " + db);
    await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${db}`);
    await c.end();
  ' "$PG_URL" "$E2E_PG_DB" >&2
  DATABASE_URL=$url npx tsx server/db/migrate-cli.ts >&2
  echo "$url"
}

# Each browser test runs once (ADR 0029). When PostgreSQL is reachable, the flows whose server code
# differs by database (ADR 0027: money under row locks, the job queue, search, COPY reports, and the
# two whole journeys) run on it, and every other spec on PGlite; without PostgreSQL all run on
# PGlite. The API suite runs every rule on both databases through the same drivers the server uses.
# E2E_PG_ALL=1 runs every spec on PostgreSQL as well.
E2E_POSTGRES_SPECS="customer-journey staff-journey customer-payments admin-payments agency-billing
  agency-pay-online greeting-video promo-videos pdf-cards daily-image staff-businesses reports public-card business franchisees bulk-onboarding enquiry-alerts commissions
  renewal-pay-link"

e2e_pglite() {
  if [[ -n "$PG_URL" ]]; then
    e2e_run pglite -u DATABASE_URL E2E_EXCLUDE="$E2E_POSTGRES_SPECS"
  else
    e2e_run pglite -u DATABASE_URL
  fi
}

e2e_postgres() {
  local url
  url=$(fresh_e2e_database) || return 1
  if [[ -n "${E2E_PG_ALL:-}" ]]; then
    e2e_run postgres DATABASE_URL="$url"
  else
    e2e_run postgres DATABASE_URL="$url" E2E_ONLY="$E2E_POSTGRES_SPECS"
  fi
}

# The checkout.js tests (playwright.razorpay.config.ts: a second server with Razorpay keys on the
# stand-in, ADR 0015) once: the database plays no part in what they test. PostgreSQL when
# reachable (its server starts a little faster than on a fresh PGlite); the phase takes 12–20 s.
e2e_razorpay() {
  local url
  if [[ -n "$PG_URL" ]]; then
    url=$(E2E_PG_DB=$E2E_RZP_PG_DB fresh_e2e_database) || return 1
    E2E_CONFIG=playwright.razorpay.config.ts e2e_run razorpay DATABASE_URL="$url"
  else
    E2E_CONFIG=playwright.razorpay.config.ts e2e_run razorpay -u DATABASE_URL
  fi
}

# --- Debian tools the PDF ID card tests read files with (ADR 0024): qpdf, pdffonts, pdftotext ------
# Installed with apt when missing and we may (root), as scripts/find-chromium.sh does for Chromium.
pdf_tools() {
  command -v qpdf >/dev/null && command -v pdftotext >/dev/null && return 0
  if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null; then
    echo "--- installing Debian's qpdf and poppler-utils for the PDF checks (about 10 s)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qpdf poppler-utils; } >/dev/null
  else
    echo "--- the PDF checks need qpdf and poppler-utils: sudo apt-get install -y qpdf poppler-utils" >&2
    return 1
  fi
}

# --- the phases ----------------------------------------------------------------------------------
phase "PDF tools" pdf_tools
phase "lint" npm run --silent lint
phase "boundaries" npm run --silent check:boundaries
phase "typecheck" npm run --silent typecheck

phase "API tests (PGlite)" vitest_run pglite -u DATABASE_URL
count_vitest "$RESULTS/vitest-pglite.json"

if [[ -n "$PG_URL" ]]; then
  phase "API tests (PostgreSQL ${PG_URL#*@})" vitest_run postgres DATABASE_URL="$PG_URL"
  count_vitest "$RESULTS/vitest-postgres.json"
else
  echo
  echo "--- PostgreSQL not reachable on 127.0.0.1:5432 and DATABASE_URL unset: skipping PostgreSQL runs"
fi

phase "build" npx react-router build

if CHROME_PATH=$(bash scripts/find-chromium.sh); then
  echo "--- Chromium: $CHROME_PATH"
  pglite_specs="every spec"
  [[ -n "$PG_URL" ]] && pglite_specs="all but the PostgreSQL flows"
  phase "browser tests (PGlite, $pglite_specs)" e2e_pglite
  count_e2e "$RESULTS/e2e-pglite.json"
  if [[ -n "$PG_URL" ]]; then
    phase "browser tests, PostgreSQL flows (fresh $E2E_PG_DB)" e2e_postgres
    count_e2e "$RESULTS/e2e-postgres.json"
  fi
  rzp_db=PGlite
  [[ -n "$PG_URL" ]] && rzp_db="PostgreSQL, fresh $E2E_RZP_PG_DB"
  phase "browser tests, Razorpay checkout.js ($rzp_db)" e2e_razorpay
  count_e2e "$RESULTS/e2e-razorpay.json"
else
  failed_phases+=("browser tests (no Chromium)")
  failed=$((failed + 1))
fi

# Scale-out (tests/scale/scale-out.ts, ADR 0038): exit 2 means skipped (no caddy or PostgreSQL).
scale_out() {
  local rc=0 db url
  db=${SCALE_PG_DB:-cardpanel_scale}
  url=$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.href)' "${PG_URL:-postgres://postgres@127.0.0.1:5432/x}" "$db")
  SCALE_PG_URL=$url npx tsx tests/scale/scale-out.ts || rc=$?
  if ((rc == 0)); then passed=$((passed + 1)); elif ((rc != 2)); then failed=$((failed + 1)); fi
  ((rc == 0 || rc == 2))
}
if [[ -n "$PG_URL" ]] && command -v caddy >/dev/null; then
  phase "scale-out: 3 processes behind Caddy, one killed, one restarted" scale_out
else
  echo
  echo "--- scale-out test not run: it needs caddy (apt-get install caddy) and PostgreSQL on 127.0.0.1:5432"
fi

# --- summary -------------------------------------------------------------------------------------
echo
echo "Total time: $(elapsed "$t_all")"
if ((${#failed_phases[@]})); then
  echo "Failed phases:"
  printf '  - %s\n' "${failed_phases[@]}"
fi
echo "$passed passed, $failed failed"
((${#failed_phases[@]} == 0 && failed == 0))
