#!/usr/bin/env bash
# Run the queue-mode suite (test/queue) against real n8n runtimes.
#
#   bash test/queue/run.sh                          # node20 (n8n 2.8.4), then node24 (n8n 2.41.1)
#   QUEUE_RUNTIMES=node20 bash test/queue/run.sh    # one runtime
#   bash test/queue/run.sh -t 'JWT'                 # extra arguments go to jest
#
# Needs PostgreSQL 15's binaries (/usr/lib/postgresql/15/bin, or QUEUE_POSTGRES_BIN); installs
# redis-server with apt-get when missing. E2E_KEEP=1 keeps the temp folders (n8n logs, database).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"

RUNTIMES=${QUEUE_RUNTIMES:-node20 node24}
for rt in $RUNTIMES; do
	case "$rt" in node20|node24) ;; *) echo "QUEUE_RUNTIMES: unknown runtime '$rt' (node20|node24)" >&2; exit 2 ;; esac
done

bash test/queue/install-redis.sh >/dev/null
for rt in $RUNTIMES; do
	bash test/e2e/install-runtime.sh "$rt" >/dev/null
done

JEST=$ROOT/node_modules/.bin/jest
[ -x "$JEST" ] || { echo "jest not found: run npm install in $ROOT first" >&2; exit 1; }

failed=()
for rt in $RUNTIMES; do
	echo "=== queue mode on $rt ===" >&2
	if ! E2E_RUNTIME=$rt "$JEST" -c test/queue/jest.config.js "$@"; then
		failed+=("$rt")
	fi
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "queue mode failed on: ${failed[*]}" >&2
	exit 1
fi
