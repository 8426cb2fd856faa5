/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';

export const PACKAGE_NAME = 'n8n-nodes-admintotal';

/** The repository root, whether this code runs from test/ (jest) or compiled under node_modules/.cache (scripts). */
export const PACKAGE_ROOT = (() => {
	for (let folder = __dirname; folder !== path.dirname(folder); folder = path.dirname(folder)) {
		const manifest = path.join(folder, 'package.json');
		if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === PACKAGE_NAME) return folder;
	}
	throw new Error(`${PACKAGE_NAME}: package.json not found above ${__dirname}`);
})();
