// npm runs this before every `npm publish` (package.json, prepublishOnly), --dry-run included.
// The package is published only by .github/workflows/publish.yml on a version tag: npm's trusted
// publishing (GitHub's OIDC identity, no token) with a provenance statement, which n8n requires of
// every community package since 1 May 2026. A publish from anywhere else would carry no provenance
// and fail n8n's verification, so it is refused here, saying how to release.
//
// The checks read what GitHub Actions and npm put in the environment; faking them gains nothing, as
// npm then finds no OIDC token to publish or sign with. Exit 1 refuses the publish.

const TRUSTED_PUBLISHING = { npm: [11, 5, 1], node: [22, 14, 0] }; // https://docs.npmjs.com/trusted-publishers
const WORKFLOW = '.github/workflows/publish.yml';

const env = process.env;
const version = (text) => (/(\d+)\.(\d+)\.(\d+)/.exec(text ?? '') ?? []).slice(1, 4).map(Number);
const atLeast = (have, want) => have.length === 3 && (have[0] - want[0] || have[1] - want[1] || have[2] - want[2]) >= 0;
const userAgent = env.npm_config_user_agent ?? ''; // "npm/11.19.1 node/v24.21.0 linux x64 …"

const unmet = [
	[env.GITHUB_ACTIONS === 'true' && env.RUNNER_ENVIRONMENT === 'github-hosted', 'it runs on a GitHub-hosted runner (npm accepts trusted publishing from no other)'],
	[(env.GITHUB_WORKFLOW_REF ?? '').includes(`/${WORKFLOW}@refs/tags/v`), `it is ${WORKFLOW}, run by a version tag`],
	[Boolean(env.ACTIONS_ID_TOKEN_REQUEST_URL && env.ACTIONS_ID_TOKEN_REQUEST_TOKEN), 'the job may mint an OIDC token (permissions: id-token: write)'],
	[env.npm_config_provenance === 'true', 'npm publish is given --provenance'],
	[atLeast(version(/\bnpm\/(\S+)/.exec(userAgent)?.[1]), TRUSTED_PUBLISHING.npm), `npm is ${TRUSTED_PUBLISHING.npm.join('.')} or later`],
	[atLeast(version(process.version), TRUSTED_PUBLISHING.node), `Node.js is ${TRUSTED_PUBLISHING.node.join('.')} or later`],
]
	.filter(([met]) => !met)
	.map(([, condition]) => condition);

if (unmet.length > 0) {
	process.stderr.write(
		[
			'npm publish refused: n8n-nodes-admintotal is published only by GitHub Actions (.github/workflows/publish.yml),',
			'with npm trusted publishing and provenance, which n8n requires of community packages.',
			`Not met here: ${unmet.join('; ')}.`,
			'To release: update CHANGELOG.md and the version in package.json, commit, push, then',
			'  git tag v<version> && git push origin v<version>',
			'and the workflow tests and publishes. Steps: docs/development.md#releasing',
			'',
		].join('\n'),
	);
	process.exit(1);
}
