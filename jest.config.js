/** Tests run the compiled package from dist/ (what n8n loads) and the test code through ts-jest. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json', isolatedModules: true }],
	},
	setupFiles: ['<rootDir>/test/jest.setup.js'],
	testTimeout: 30000,
};
