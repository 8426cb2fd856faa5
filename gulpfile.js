/** Build steps beyond tsc: static files n8n loads next to the compiled code. */
const { src, dest, parallel } = require('gulp');

function copyIcons() {
	return src('icons/*.svg').pipe(dest('dist/icons'));
}

// Codex files (*.node.json) are compiled by tsc only when imported; copy them all explicitly.
function copyCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports.build = parallel(copyIcons, copyCodex);
