#!/usr/bin/env bash
# The README's first command on a fresh machine: `npm run dev` (dev.e2e.ts) with an empty runtime
# cache, so n8n is installed through `npm run` exactly as a newcomer's first run installs it. A
# machine with its runtimes cached (CI's, a developer's) cannot hide a broken first install.
#
#   bash test/e2e/first-run.sh              # node24, the runtime `npm run dev` starts by default
#   FIRST_RUN_RUNTIME=node20 bash test/e2e/first-run.sh
#
# The runtime it installed is then handed to the usual cache (ADMINTOTAL_E2E_CACHE, default
# ~/.cache/n8n-nodes-admintotal-e2e) when that has none, so a cold machine installs it once.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"

RUNTIME=${FIRST_RUN_RUNTIME:-node24}
CACHE=${ADMINTOTAL_E2E_CACHE:-$HOME/.cache/n8n-nodes-admintotal-e2e}
# Beside the usual cache, so handing the install over is a rename.
mkdir -p "$(dirname "$CACHE")"
EMPTY=$(mktemp -d "$(dirname "$CACHE")/admintotal-first-run.XXXXXX")
trap 'rm -rf "$EMPTY"' EXIT

START=$(date +%s)
ADMINTOTAL_E2E_CACHE=$EMPTY E2E_RUNTIME=$RUNTIME E2E_FIRST_RUN=1 \
	"$ROOT/node_modules/.bin/jest" -c test/e2e/jest.config.js test/e2e/dev.e2e.ts
echo "first run of npm run dev on $RUNTIME from an empty cache: $(( $(date +%s) - START )) s" >&2

mkdir -p "$CACHE"
for installed in "$EMPTY/$RUNTIME"-*; do
	[ -f "$installed/.install-complete" ] || continue
	target=$CACHE/$(basename "$installed")
	if [ ! -e "$target" ]; then
		mv "$installed" "$target"
	fi
done
