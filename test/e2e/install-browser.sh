#!/usr/bin/env bash
# Install Debian's Chromium for the browser e2e suite (test/e2e/browser.e2e.ts), idempotently.
# playwright-core drives it through executablePath /usr/bin/chromium: no browser download.
#
#   bash test/e2e/install-browser.sh     # prints CHROMIUM=<path> and its version
set -euo pipefail
bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" chromium chromium

CHROMIUM=/usr/bin/chromium
[ -x "$CHROMIUM" ] || { echo "install-browser.sh: $CHROMIUM missing after the install" >&2; exit 1; }
echo "CHROMIUM=$CHROMIUM"
echo "CHROMIUM_VERSION=$("$CHROMIUM" --version 2>/dev/null | head -1)"
