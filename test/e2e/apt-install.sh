#!/usr/bin/env bash
# Install one Debian package for a test suite when its command is missing, idempotently.
#
#   bash test/e2e/apt-install.sh <command> <package>    # e.g. chromium chromium, redis-server redis-server
#
# Skips everything when <command> is on the PATH. Otherwise: apt-get update, then apt-get install -y
# <package>. Needs root (or sudo without a password). A lock per package keeps two runs (e.g. two
# suites in parallel) from running apt-get at the same time.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 <command> <package>" >&2; exit 2; }
COMMAND=$1
PACKAGE=$2

if ! command -v "$COMMAND" >/dev/null 2>&1; then
	SUDO=
	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null 2>&1 || { echo "apt-install.sh: need root or sudo to apt-get install $PACKAGE" >&2; exit 1; }
		SUDO="sudo -n"
	fi
	export DEBIAN_FRONTEND=noninteractive
	echo "apt-install.sh: installing Debian's $PACKAGE (apt-get)" >&2
	exec 9>"${TMPDIR:-/tmp}/n8n-nodes-admintotal-install-$PACKAGE.lock"
	flock 9
	if ! command -v "$COMMAND" >/dev/null 2>&1; then
		$SUDO apt-get update -q >&2
		# Containers without policy-rc.d may fail to start a package's service: that is not ours, the binary is.
		$SUDO apt-get install -y -q --no-install-recommends "$PACKAGE" >&2 || command -v "$COMMAND" >/dev/null 2>&1
	fi
	flock -u 9
fi
command -v "$COMMAND" >/dev/null 2>&1 || { echo "apt-install.sh: $COMMAND missing after installing $PACKAGE" >&2; exit 1; }
