/**
 * The queue-mode suite (test/queue/**\/*.queue.ts): n8n's main, webhook and worker processes on
 * PostgreSQL and Redis of their own. Run through test/queue/run.sh (npm run test:queue), which
 * installs Redis and the runtime and runs this once per runtime (E2E_RUNTIME=node20|node24).
 * One jest worker: a run starts six servers on a 2-core machine.
 */
const path = require('path');

module.exports = {
	rootDir: path.resolve(__dirname, '..', '..'),
	roots: ['<rootDir>/test/queue'],
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/queue/**/*.queue.ts'],
	testPathIgnorePatterns: ['/node_modules/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/queue/tsconfig.json' }],
	},
	maxWorkers: 1,
	testTimeout: 5 * 60_000,
	slowTestThreshold: 60,
	verbose: true,
};
