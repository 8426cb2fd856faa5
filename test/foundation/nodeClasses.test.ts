/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals -- test code runs in Node.js, not inside n8n */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { PACKAGE_ROOT } from '../harness/package';

/**
 * What a reviewer and n8n's lint read in a node class (issue 49), and what loading a node costs
 * (issue 48): each action node's class has its own `execute()` method, and a node loads only the
 * code of the steps its operations have.
 */

const manifest = jest.requireActual(`${PACKAGE_ROOT}/package.json`) as { n8n: { nodes: string[] } };
const actionNodes = manifest.n8n.nodes.filter((file) => !/Trigger\.node\.js$/.test(file));

/** The package's modules that requiring one node file loads, read in a fresh Node process (jest keeps its own registry). */
function modulesLoadedBy(nodeFile: string): string[] {
	const script = `require(${JSON.stringify(path.join(PACKAGE_ROOT, nodeFile))}); process.stdout.write(JSON.stringify(Object.keys(require.cache)))`;
	const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
	return loaded.filter((file) => file.startsWith(path.join(PACKAGE_ROOT, 'dist'))).map((file) => path.relative(path.join(PACKAGE_ROOT, 'dist'), file));
}

describe('every action node class', () => {
	it.each(actionNodes)('%s has execute() as a method of its class, not a property set on each instance', (file) => {
		const exported = jest.requireActual(path.join(PACKAGE_ROOT, file)) as Record<string, new () => object>;
		const NodeClass = Object.values(exported).find((value) => typeof value === 'function' && /^Admintotal/.test(value.name))!;
		expect(typeof Object.getOwnPropertyDescriptor(NodeClass.prototype, 'execute')?.value).toBe('function');
		expect(Object.hasOwn(new NodeClass(), 'execute')).toBe(false);
	});
});

describe('a node loads the steps its operations have, and no other', () => {
	const steps = ['nodes/shared/cfdi.js', 'nodes/shared/fields/image.js'];

	it('Bank Account, the simplest read, loads neither the CFDI parser nor the image upload', () => {
		const loaded = modulesLoadedBy('dist/nodes/AdmintotalBankAccount/AdmintotalBankAccount.node.js');
		expect(loaded).toContain('nodes/shared/operation/execute.js');
		expect(steps.filter((step) => loaded.includes(step))).toEqual([]);
	});

	it('Sales Note (CFDI XML as a File) loads the CFDI parser, Work Order (Attach Image) the image upload', () => {
		expect(modulesLoadedBy('dist/nodes/AdmintotalSalesNote/AdmintotalSalesNote.node.js')).toContain('nodes/shared/cfdi.js');
		expect(modulesLoadedBy('dist/nodes/AdmintotalWorkOrder/AdmintotalWorkOrder.node.js')).toContain('nodes/shared/fields/image.js');
	});
});
