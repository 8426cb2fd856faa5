/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
import { delimiter, dirname } from 'path';
import type { N8nRuntime } from './runtime';

/**
 * Variables of the test process that must not leak into n8n (they would change its behaviour).
 * NODE_ENV in particular: jest sets it to "test", which puts n8n into its own test mode
 * (e.g. the encryption key of the settings file is not used).
 */
const DROPPED_PREFIXES = ['N8N_', 'DB_', 'QUEUE_', 'EXECUTIONS_', 'WEBHOOK_', 'GENERIC_TIMEZONE', 'NODE_ENV', 'NODE_OPTIONS', 'NODE_PATH', 'JEST_', 'npm_'];

export interface N8nEnvOptions {
	userFolder: string;
	encryptionKey: string;
	/** Port of the task broker n8n starts (every n8n process, also `n8n execute`, starts one). */
	brokerPort: number;
	/** HTTP port for `n8n start`. */
	port?: number;
	extra?: Record<string, string | undefined>;
}

/**
 * Environment for one n8n process: clean of the caller's N8N_* settings, offline (no
 * telemetry, no version check, no templates), SQLite in the user folder, everything bound to
 * 127.0.0.1, plus what the runtime needs (e.g. N8N_EXPRESSION_ENGINE on node24).
 */
export function n8nEnv(runtime: N8nRuntime, options: N8nEnvOptions): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (value === undefined || DROPPED_PREFIXES.some((prefix) => key.startsWith(prefix))) continue;
		env[key] = value;
	}
	Object.assign(env, {
		// The runtime's Node first, so anything n8n spawns by name gets the same Node.
		PATH: [dirname(runtime.nodeBin), process.env.PATH ?? ''].join(delimiter),
		NO_PROXY: '127.0.0.1,localhost',
		no_proxy: '127.0.0.1,localhost',
		TZ: 'UTC',
		GENERIC_TIMEZONE: 'UTC',
		N8N_USER_FOLDER: options.userFolder,
		N8N_ENCRYPTION_KEY: options.encryptionKey,
		DB_TYPE: 'sqlite',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		SCARF_ANALYTICS: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort),
		N8N_LOG_LEVEL: 'info',
	});
	// Webhook URLs follow from protocol/host/port; WEBHOOK_URL is deprecated in 2.41 (N8N_WEBHOOK_URL).
	if (options.port !== undefined) env.N8N_PORT = String(options.port);
	Object.assign(env, runtime.env);
	for (const [key, value] of Object.entries(options.extra ?? {})) {
		if (value === undefined) delete env[key];
		else env[key] = value;
	}
	return env;
}
