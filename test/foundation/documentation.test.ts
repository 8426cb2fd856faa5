/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';

import { PACKAGE_ROOT, loadPackage } from '../harness/package';

/**
 * The "Docs" link of every node panel and credential, as n8n loads it (the codex file beside each
 * compiled node), must open a heading that exists in this repository. n8n only logs a missing codex
 * at debug level, so nothing else would notice a node without one.
 */
const manifest = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
	repository: { url: string };
	n8n: { nodes: string[]; credentials: string[] };
};
const REPOSITORY = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

/** GitHub's anchor for a Markdown heading. */
function slug(heading: string): string {
	return heading
		.toLowerCase()
		.replace(/[^a-z0-9 _-]/g, '')
		.replace(/ /g, '-');
}

function anchorsOf(file: string): string[] {
	const text = fs.readFileSync(path.join(PACKAGE_ROOT, file), 'utf8');
	return [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1].trim()));
}

/** The repository file and anchor a documentation URL opens, or why it opens nothing of ours. */
function target(url: string): { file: string; anchor: string } {
	const [address, anchor = ''] = url.split('#');
	if (address === REPOSITORY) return { file: 'README.md', anchor };
	const prefix = `${REPOSITORY}/blob/main/`;
	if (!address.startsWith(prefix)) throw new Error(`${url} is not a page of ${REPOSITORY}`);
	return { file: address.slice(prefix.length), anchor };
}

function expectOpensAHeading(url: string | undefined, owner: string) {
	expect({ owner, url }).toEqual({ owner, url: expect.stringMatching(/#.+/) });
	const { file, anchor } = target(url as string);
	expect({ owner, file, exists: fs.existsSync(path.join(PACKAGE_ROOT, file)) }).toEqual({ owner, file, exists: true });
	expect({ owner, anchors: anchorsOf(file) }).toEqual({ owner, anchors: expect.arrayContaining([anchor]) });
}

describe('Documentation links', () => {
	it('every node listed in package.json loads with a codex whose docs link opens its own section', async () => {
		const { loader } = await loadPackage();
		const names = Object.keys(loader.nodeTypes);
		expect(names).toHaveLength(manifest.n8n.nodes.length);
		for (const name of names) {
			const { description } = loader.nodeTypes[name].type as { description: { displayName: string; codex?: { resources?: { primaryDocumentation?: Array<{ url: string }> } } } };
			const url = description.codex?.resources?.primaryDocumentation?.[0]?.url;
			expectOpensAHeading(url, name);
			// Each node's link lands on the section named after it, not on a page top.
			expect({ name, anchor: url?.split('#')[1] }).toEqual({ name, anchor: slug(description.displayName) });
		}
	});

	it("every credential's documentation URL opens a heading", async () => {
		const { loader } = await loadPackage();
		const credentials = Object.values(loader.credentialTypes);
		expect(credentials).toHaveLength(manifest.n8n.credentials.length);
		for (const { type } of credentials) expectOpensAHeading(type.documentationUrl, type.name);
	});
});
