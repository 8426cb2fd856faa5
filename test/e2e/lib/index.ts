/** Driver for end-to-end tests against a real n8n: see test/e2e/README.md (Library). */
export * from './env';
export * from './fixtures';
export * from './instance';
export * from './ports';
export * from './proc';
export * from './run-data';
export * from './runtime';
export * from './server';
export * from './throwaway-package';
