#!/usr/bin/env bash
# Install Debian's redis-server for the queue-mode suite (test/queue), idempotently.
# Only the binary is used: the suite starts its own redis-server on 127.0.0.1 (no service is enabled).
#
#   bash test/queue/install-redis.sh     # prints REDIS_SERVER=<path> and its version
set -euo pipefail
bash "$(dirname "${BASH_SOURCE[0]}")/../e2e/apt-install.sh" redis-server redis-server

REDIS_SERVER=$(command -v redis-server)
echo "REDIS_SERVER=$REDIS_SERVER"
echo "REDIS_VERSION=$("$REDIS_SERVER" --version 2>/dev/null | head -1)"
