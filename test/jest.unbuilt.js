// Stands in for every module of dist/ while dist/ is missing or stale (see jest.resolver.js).
throw new Error(require('./jest.resolver.js').buildMessage() ?? 'dist/ changed during the test run: run the tests again.');
