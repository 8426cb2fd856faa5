/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PACKAGE_ROOT } from '../harness/package';

/**
 * The README's first command on a fresh clone is `npm install`. It must leave package-lock.json as
 * committed: a lock that npm install rewrites dirties a newcomer's clone, and it means npm resolved
 * part of the tree again against whatever the registry held that day (an optional peer range the lock
 * did not meet made it move @smithy/core). npm resolves the lock alone in a temporary folder, so the
 * project's node_modules is not touched.
 */
describe('package-lock.json', () => {
	it('is what npm install leaves: resolving package.json against it changes nothing', () => {
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'admintotal-lock-'));
		try {
			for (const file of ['package.json', 'package-lock.json', '.npmrc']) fs.copyFileSync(path.join(PACKAGE_ROOT, file), path.join(folder, file));
			execFileSync('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'pipe', timeout: 110_000 });
			const committed = fs.readFileSync(path.join(PACKAGE_ROOT, 'package-lock.json'), 'utf8');
			const resolved = fs.readFileSync(path.join(folder, 'package-lock.json'), 'utf8');
			const changed = committed.split('\n').filter((line, index) => resolved.split('\n')[index] !== line);
			expect(changed.slice(0, 5)).toEqual([]);
			expect(resolved).toBe(committed);
		} finally {
			fs.rmSync(folder, { recursive: true, force: true });
		}
	}, 120_000);
});
