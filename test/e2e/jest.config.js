/**
 * End-to-end suites against a real n8n (test/e2e/**\/*.e2e.ts). Run through test/e2e/run.sh,
 * which installs the runtimes and runs this once per runtime (E2E_RUNTIME=node20|node24).
 * One worker: each test starts n8n processes (2 cores, ~0.5 GB RAM per server).
 */
const path = require('path');

module.exports = {
	rootDir: path.resolve(__dirname, '..', '..'),
	roots: ['<rootDir>/test/e2e'],
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
	testPathIgnorePatterns: ['/node_modules/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/e2e/tsconfig.json' }],
	},
	maxWorkers: 1,
	// A cold runtime install happens in run.sh before jest; this covers n8n start-ups and CLI calls.
	testTimeout: 5 * 60_000,
	// Also report slow tests as such only beyond a minute.
	slowTestThreshold: 60,
	verbose: true,
};
