/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console */
import { DEMO, LIST_ORDERS, isListOrder, startSandbox } from './index';

/**
 * `npm run sandbox -- --port 8765 [--seed 2026] [--list-order -id] [--latency 150] [--throttle-above 10] [--rate 100] [--workers 8] [--log]`
 * (or SANDBOX_PORT, SANDBOX_LIST_ORDER): the sandbox alone, stopped by Ctrl-C or SIGTERM. `--latency` delays every
 * answer (ms), `--throttle-above` answers 429 to a request arriving while that many are unanswered, `--rate` to one
 * beyond that many a second, `--workers` serves that many at once and queues the rest (server/pace.ts;
 * PUT /__sandbox/pace changes them).
 */

function option(name: string): string | undefined {
	const index = process.argv.indexOf(`--${name}`);
	if (index >= 0) return process.argv[index + 1];
	const inline = process.argv.find((arg) => arg.startsWith(`--${name}=`));
	return inline?.slice(name.length + 3);
}

async function main(): Promise<void> {
	const port = Number(option('port') ?? process.env.SANDBOX_PORT ?? 8765);
	const seed = option('seed') !== undefined ? Number(option('seed')) : undefined;
	const listOrder = option('list-order') ?? process.env.SANDBOX_LIST_ORDER;
	if (listOrder !== undefined && !isListOrder(listOrder)) throw new Error(`unknown list order "${listOrder}": use one of ${LIST_ORDERS.join(', ')}`);
	const number = (name: string) => (option(name) !== undefined ? Number(option(name)) : undefined);
	const pace = { latencyMs: number('latency'), throttleAbove: number('throttle-above'), ratePerSecond: number('rate'), workers: number('workers') };
	const sandbox = await startSandbox({ port, seed, listOrder, log: process.argv.includes('--log'), pace });

	console.log(`Admintotal sandbox tenant listening on ${sandbox.url}`);
	console.log(`  API base:        ${sandbox.apiBase}/`);
	console.log(`  Lists in order:  ${sandbox.listOrder} (--list-order, or PUT /__sandbox/list-order {"order": "-id"})`);
	console.log(`  Base URL for the n8n credential: ${sandbox.url}`);
	console.log('');
	console.log('Three ways to log in:');
	console.log(`  1. API key:        header  Api-key: ${DEMO.apiKey}`);
	console.log(`  2. JWT:            POST ${sandbox.apiBase}/token/  {"username": "${DEMO.username}", "password": "${DEMO.password}"}`);
	console.log(`                     then header  Authorization: Bearer <access>  (refresh at ${sandbox.apiBase}/refresh/)`);
	console.log(`  3. Login for key:  POST ${sandbox.apiBase}/usuarios/login_usuario/  with the same username and password`);
	console.log('');
	console.log(`Try:  curl -s -H 'Api-key: ${DEMO.apiKey}' '${sandbox.apiBase}/productos/?limit=2'`);
	console.log(`Control API (no auth): ${sandbox.url}/__sandbox/health, /__sandbox/requests, /__sandbox/faults, /__sandbox/pace, /__sandbox/list-order, /__sandbox/webhooks/price-stock`);
	console.log('Press Ctrl-C to stop.');

	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`\n${signal}: stopping the sandbox`);
		sandbox.close().then(
			() => process.exit(0),
			(error: Error) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: Error) => {
	console.error(`Could not start the sandbox: ${error.message}`);
	process.exit(1);
});
