/**
 * Driver for end-to-end tests against a real n8n (see test/e2e/README.md).
 *
 *   const runtime = await resolveRuntime();                 // E2E_RUNTIME=node20|node24
 *   const n8n = await N8nInstance.create(runtime);          // fresh user folder
 *   await n8n.installPackage(await buildAndPackProject());  // ~/.n8n/nodes, like a user
 *   await n8n.importCredentials(await writeCredentialsFile(n8n.workDir, cred));
 *   await n8n.importWorkflow(await writeWorkflowFile(n8n.workDir, wf));
 *   const run = await n8n.executeOk(wf.id);                 // parsed run JSON
 *   const server = await n8n.startServer();                 // 127.0.0.1, free ports
 *   afterAll(disposeAllInstances);                          // stops everything
 */
export * from './env';
export * from './fixtures';
export * from './instance';
export * from './ports';
export * from './proc';
export * from './run-data';
export * from './runtime';
export * from './server';
export * from './throwaway-package';
