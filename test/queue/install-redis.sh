#!/usr/bin/env bash
# Install Debian's redis-server for the queue-mode suite (test/queue), idempotently.
# Only the binary is used: the suite starts its own redis-server on 127.0.0.1 (no service is enabled).
#
#   bash test/queue/install-redis.sh     # prints REDIS_SERVER=<path> and its version
#
# Skips everything when redis-server exists. Otherwise: apt-get update, then apt-get install -y
# redis-server. Needs root (or sudo without a password).
set -euo pipefail

REDIS_SERVER=$(command -v redis-server || true)

if [ -z "$REDIS_SERVER" ]; then
	SUDO=
	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null 2>&1 || { echo "install-redis.sh: need root or sudo to apt-get install redis-server" >&2; exit 1; }
		SUDO="sudo -n"
	fi
	export DEBIAN_FRONTEND=noninteractive
	echo "install-redis.sh: installing Debian's redis-server (apt-get)" >&2
	# A lock keeps two runs from running apt-get at the same time.
	exec 9>"${TMPDIR:-/tmp}/n8n-nodes-admintotal-install-redis.lock"
	flock 9
	if ! command -v redis-server >/dev/null 2>&1; then
		$SUDO apt-get update -q >&2
		# policy-rc.d-less containers may try to start the service: that failure is not ours, the binary is.
		$SUDO apt-get install -y -q --no-install-recommends redis-server >&2 || command -v redis-server >/dev/null 2>&1
	fi
	flock -u 9
	REDIS_SERVER=$(command -v redis-server || true)
fi

[ -n "$REDIS_SERVER" ] || { echo "install-redis.sh: redis-server missing after the install" >&2; exit 1; }
echo "REDIS_SERVER=$REDIS_SERVER"
echo "REDIS_VERSION=$("$REDIS_SERVER" --version 2>/dev/null | head -1)"
