/** Tests run the compiled package from dist/ (what n8n loads) and the test code through ts-jest. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
	},
	setupFiles: ['<rootDir>/test/jest.setup.js'],
	// Says to build when dist/ is missing or older than the sources, instead of "Cannot find module".
	resolver: '<rootDir>/test/jest.resolver.js',
	testTimeout: 30000,
};
