#!/usr/bin/env bash
# Run the queue-mode suite (test/queue) against real n8n runtimes.
#
#   bash test/queue/run.sh                          # node20 (n8n 2.8.4), then node24 (n8n 2.41.1)
#   QUEUE_RUNTIMES=node20 bash test/queue/run.sh    # one runtime
#   bash test/queue/run.sh -t 'JWT'                 # extra arguments go to jest
#
# Needs PostgreSQL 15's binaries (/usr/lib/postgresql/15/bin, or QUEUE_POSTGRES_BIN); installs
# redis-server with apt-get when missing. E2E_KEEP=1 keeps the temp folders (n8n logs, database).
# The runtimes are installed and the suite run per runtime by the end-to-end runner.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"

bash test/queue/install-redis.sh >/dev/null
E2E_RUNTIME=${QUEUE_RUNTIMES:-node20 node24} E2E_JEST_CONFIG=test/queue/jest.config.js E2E_SUITE="queue mode" exec bash test/e2e/run.sh "$@"
