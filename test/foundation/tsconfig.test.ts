/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';

import { PACKAGE_ROOT } from '../harness/package';

/** A folder the compiler is told to include must exist: a name left behind hides a move or a typo. */
describe.each(['tsconfig.json', 'test/tsconfig.json'])('%s', (file) => {
	it('includes only folders that exist', () => {
		const { include } = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, file), 'utf8')) as { include: string[] };
		const folders = include.map((pattern) => path.join(path.dirname(path.join(PACKAGE_ROOT, file)), pattern.split('/*')[0]));
		expect(folders.filter((folder) => !fs.existsSync(folder)).map((folder) => path.relative(PACKAGE_ROOT, folder))).toEqual([]);
	});
});
