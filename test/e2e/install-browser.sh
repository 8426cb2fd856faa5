#!/usr/bin/env bash
# Install Debian's Chromium for the browser e2e suite (test/e2e/browser.e2e.ts), idempotently.
# playwright-core drives it through executablePath /usr/bin/chromium: no browser download.
#
#   bash test/e2e/install-browser.sh     # prints CHROMIUM=<path> and its version
#
# Skips everything when /usr/bin/chromium exists. Otherwise: apt-get update (once), then
# apt-get install -y chromium. Needs root (or sudo without a password).
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ ! -x "$CHROMIUM" ]; then
	SUDO=
	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null 2>&1 || { echo "install-browser.sh: need root or sudo to apt-get install chromium" >&2; exit 1; }
		SUDO="sudo -n"
	fi
	export DEBIAN_FRONTEND=noninteractive
	echo "install-browser.sh: installing Debian's chromium (apt-get)" >&2
	# A lock keeps two runs (e.g. two suites in parallel) from running apt-get at the same time.
	exec 9>"${TMPDIR:-/tmp}/n8n-nodes-admintotal-install-browser.lock"
	flock 9
	if [ ! -x "$CHROMIUM" ]; then
		$SUDO apt-get update -q >&2
		$SUDO apt-get install -y -q --no-install-recommends chromium >&2
	fi
	flock -u 9
fi

[ -x "$CHROMIUM" ] || { echo "install-browser.sh: $CHROMIUM missing after the install" >&2; exit 1; }
echo "CHROMIUM=$CHROMIUM"
echo "CHROMIUM_VERSION=$("$CHROMIUM" --version 2>/dev/null | head -1)"
