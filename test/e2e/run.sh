#!/usr/bin/env bash
# Run the end-to-end suites against real n8n runtimes.
#
#   bash test/e2e/run.sh                       # every runtime: node20, then node24
#   E2E_RUNTIME=node24 bash test/e2e/run.sh    # one runtime (or a list: "node20 node24")
#   bash test/e2e/run.sh smoke                 # extra arguments go to jest (e.g. a path pattern)
#
# Env: ADMINTOTAL_E2E_CACHE (runtime cache folder, default ~/.cache/n8n-nodes-admintotal-e2e),
#      E2E_KEEP=1 (keep the temp n8n user folders and logs for inspection),
#      E2E_JEST_CONFIG / E2E_SUITE (another suite on the same runtimes, e.g. test/queue/run.sh).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"

RUNTIMES=${E2E_RUNTIME:-node20 node24}
JEST_CONFIG=${E2E_JEST_CONFIG:-test/e2e/jest.config.js}
SUITE=${E2E_SUITE:-e2e}
for rt in $RUNTIMES; do
	case "$rt" in node20|node24) ;; *) echo "E2E_RUNTIME: unknown runtime '$rt' (node20|node24)" >&2; exit 2 ;; esac
done

# Install first (cold: several minutes each, one after the other; warm: under a second).
for rt in $RUNTIMES; do
	bash test/e2e/install-runtime.sh "$rt" >/dev/null
done

JEST=$ROOT/node_modules/.bin/jest
[ -x "$JEST" ] || { echo "jest not found: run npm install in $ROOT first" >&2; exit 1; }

failed=()
for rt in $RUNTIMES; do
	echo "=== $SUITE on $rt ===" >&2
	if ! E2E_RUNTIME=$rt "$JEST" -c "$JEST_CONFIG" "$@"; then
		failed+=("$rt")
	fi
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "$SUITE failed on: ${failed[*]}" >&2
	exit 1
fi
