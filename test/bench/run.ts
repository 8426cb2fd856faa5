/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console */
/*
 * Benchmarks: how long and how much memory the nodes need through n8n's engine against the sandbox.
 * Targets are checked here and reported, never asserted in tests. Results: bench/results.json and
 * bench/RESULTS.md (run: npm run bench).
 */
import '../harness/n8n-home';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';

import { credentialFor, runNode } from '../harness/engine';
import { PollingTrigger } from '../harness/poll';
import { TriggerHarness } from '../harness/webhook';
import { PACKAGE_ROOT } from '../harness/package';
import { DEMO, startSandbox } from '../sandbox';
import { crearNotaVenta } from '../sandbox/store/cambios';
import { deliveryCredential } from '../trigger/fixture';

interface Measurement {
	name: string;
	target: string;
	met: boolean;
	seconds: number;
	requests: number;
	items: number;
	peakRssMb: number;
	notes?: string;
}

async function measure(fn: () => Promise<{ items: number; requests: number; notes?: string }>) {
	global.gc?.();
	let peak = process.memoryUsage().rss;
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
	const started = process.hrtime.bigint();
	try {
		const result = await fn();
		const seconds = Number(process.hrtime.bigint() - started) / 1e9;
		return { ...result, seconds, peakRssMb: Math.round((Math.max(peak, process.memoryUsage().rss) / 1024 / 1024) * 10) / 10 };
	} finally {
		clearInterval(sampler);
	}
}

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/** One benchmark: its name (also what `npm run bench -- <words>` matches) and how to measure it. */
interface BenchCase {
	name: string;
	run: (sandbox: Sandbox) => Promise<Omit<Measurement, 'name'>>;
}

async function main() {
	// `npm run bench -- trigger` runs only the cases whose name contains "trigger" and keeps the other results.
	const only = process.argv.slice(2).map((word) => word.toLowerCase());
	const selected = CASES.filter((entry) => only.length === 0 || only.some((word) => entry.name.toLowerCase().includes(word)));
	if (selected.length === 0) throw new Error(`No benchmark matches ${only.join(', ')}`);
	const results: Measurement[] = [];
	const sandbox = await startSandbox({ volume: { productos: 5000, notasVenta: 5000, listaNegra: 2000 }, pageSize: { default: 20, max: 100 } });
	try {
		// Warm the engine and the package loader once, so the first case does not pay for start-up.
		await runNode({ node: 'admintotalBankAccount', parameters: { resource: 'bankAccount', operation: 'getAll', returnAll: true }, credential: apiCredential(sandbox) });
		for (const entry of selected) {
			sandbox.clearRequests();
			results.push({ ...(await entry.run(sandbox)), name: entry.name });
		}
	} finally {
		await sandbox.close();
	}

	const folder = path.join(PACKAGE_ROOT, 'bench');
	fs.mkdirSync(folder, { recursive: true });
	const file = path.join(folder, 'results.json');
	const previousFile = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { results?: Measurement[] }) : {};
	const previous = previousFile.results ?? [];
	// Other keys (e.g. `n8n`, written by npm run bench:n8n) are kept as they are.
	const otherBenches = Object.fromEntries(Object.entries(previousFile).filter(([key]) => !['node', 'cpus', 'at', 'results'].includes(key)));
	// Cases not run keep their last figures; the order is the order of CASES.
	const merged = CASES.map((entry) => results.find((r) => r.name === entry.name) ?? previous.find((r) => r.name === entry.name)).filter(
		(r): r is Measurement => r !== undefined,
	);
	const stamp = { node: process.version, cpus: os.cpus().length, at: new Date().toISOString() };
	fs.writeFileSync(file, `${JSON.stringify({ ...stamp, results: merged, ...otherBenches }, null, 2)}\n`);
	const table = [
		`# Benchmark results\n\nNode ${stamp.node}, ${stamp.cpus} cores, last run ${stamp.at} (${selected.length === CASES.length ? 'every case' : selected.map((entry) => `"${entry.name}"`).join(', ')}). Run with \`npm run bench\`, or \`npm run bench -- <word>\` for the cases whose name contains it.\n`,
		'| case | target | met | seconds | requests | items | peak RSS MB | notes |',
		'|---|---|---|---|---|---|---|---|',
		...merged.map((r) => `| ${r.name} | ${r.target} | ${r.met ? 'yes' : '**no**'} | ${r.seconds.toFixed(2)} | ${r.requests} | ${r.items} | ${r.peakRssMb} | ${r.notes ?? ''} |`),
	].join('\n');
	// The `## ` sections after this table (npm run bench:n8n's) are kept as they are.
	const markdown = path.join(folder, 'RESULTS.md');
	const otherSections = fs.existsSync(markdown) ? (/\n## [\s\S]*$/.exec(fs.readFileSync(markdown, 'utf8'))?.[0] ?? '') : '';
	fs.writeFileSync(markdown, `${table}\n${otherSections}`);
	console.log(table);
	if (results.some((r) => !r.met)) process.exitCode = 1;
}

const apiCredential = (sandbox: Sandbox) => credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey });
const rfcs = Array.from({ length: 500 }, (_, index) => ({ rfc: index % 5 === 0 ? DEMO.listaNegra.definitivo.rfc : DEMO.rfcNoListado }));

function tenantToday(): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now());
}

/** A New Sales Note polling trigger, activated (its first poll only remembers). */
async function activatedPollingTrigger(sandbox: Sandbox): Promise<PollingTrigger> {
	const trigger = new PollingTrigger({ parameters: { event: 'newSalesNote' }, credential: apiCredential(sandbox) });
	const activation = await trigger.poll();
	if (activation.error) throw activation.error;
	sandbox.clearRequests();
	return trigger;
}

const CASES: BenchCase[] = [
	{
		name: 'Polling Trigger, New Sales Note: a poll with nothing new',
		run: async (sandbox) => {
			const trigger = await activatedPollingTrigger(sandbox);
			const poll = await measure(async () => {
				const result = await trigger.poll();
				if (result.error) throw result.error;
				return { items: result.json.length, requests: sandbox.requests.length };
			});
			return { target: '1 request, nothing reported', met: poll.requests === 1 && poll.items === 0, ...poll };
		},
	},
	{
		name: 'Polling Trigger, New Sales Note: a poll with 1,000 new sales notes',
		run: async (sandbox) => {
			const trigger = await activatedPollingTrigger(sandbox);
			const created = Array.from({ length: 1000 }, () => crearNotaVenta(sandbox.store, { fecha: tenantToday() }).id);
			const poll = await measure(async () => {
				const result = await trigger.poll();
				if (result.error) throw result.error;
				return { items: result.json.length, requests: sandbox.requests.length, notes: `static data ${Buffer.byteLength(trigger.savedNodeJson)} bytes` };
			});
			return { target: 'each new note once, < 5 s', met: poll.items === created.length && poll.seconds < 5, ...poll };
		},
	},
	{
		name: 'Product Get Many, Return All over 5,000 products (100 per page)',
		run: async (sandbox) => {
			const products = await measure(async () => {
				const run = await runNode({ node: 'admintotalProduct', parameters: { resource: 'product', operation: 'getAll', returnAll: true, simplify: false }, credential: apiCredential(sandbox) });
				if (run.error) throw run.error;
				return { items: run.json.length, requests: sandbox.requests.length };
			});
			return { target: '< 10 s, < 600 MB RSS', met: products.seconds < 10 && products.peakRssMb < 600, ...products };
		},
	},
	{
		name: 'Sales Note Get Many, Return All over 5,000 notes, simplified',
		run: async (sandbox) => {
			const notes = await measure(async () => {
				const run = await runNode({ node: 'admintotalSalesNote', parameters: { resource: 'salesNote', operation: 'getAll', returnAll: true, simplify: true, filters: { cancelled: 'all' } }, credential: apiCredential(sandbox) });
				if (run.error) throw run.error;
				return { items: run.json.length, requests: sandbox.requests.length };
			});
			return { target: '< 10 s', met: notes.seconds < 10, ...notes };
		},
	},
	{
		name: 'Blacklist Check RFC for 500 input items',
		run: async (sandbox) => {
			const checks = await measure(async () => {
				const run = await runNode({ node: 'admintotalBlacklist', parameters: { resource: 'blacklistEntry', operation: 'checkRfc', rfc: '={{ $json.rfc }}' }, input: rfcs, credential: apiCredential(sandbox) });
				if (run.error) throw run.error;
				const listed = run.json.filter((item) => item.listed === true).length;
				return { items: run.json.length, requests: sandbox.requests.length, notes: `${listed} listed` };
			});
			return { target: '< 5 s, one item out per item in', met: checks.seconds < 5 && checks.items === 500, ...checks };
		},
	},
	{
		// Username and password (JWT) with no token yet, then again after every access token expired.
		name: 'Check RFC for 500 items with JWT, twice: no token yet, then every token expired',
		run: async (sandbox) => {
			const jwt = credentialFor({ baseUrl: sandbox.url, authMethod: 'jwt', username: DEMO.username, password: DEMO.password });
			const jwtChecks = await measure(async () => {
				const first = await runNode({ node: 'admintotalBlacklist', parameters: { resource: 'blacklistEntry', operation: 'checkRfc', rfc: '={{ $json.rfc }}' }, input: rfcs, credential: jwt });
				sandbox.auth.expireAccessTokens();
				const second = await runNode({ node: 'admintotalBlacklist', parameters: { resource: 'blacklistEntry', operation: 'checkRfc', rfc: '={{ $json.rfc }}' }, input: rfcs, credential: jwt });
				if (first.error ?? second.error) throw first.error ?? second.error;
				const count = (path: string) => sandbox.requests.filter((request) => request.path === `/api/v2${path}`).length;
				return { items: first.json.length + second.json.length, requests: sandbox.requests.length, notes: `${count('/token/')} login, ${count('/refresh/')} refresh` };
			});
			const sessions = jwtChecks.notes ?? '';
			return { target: '1 login and 1 refresh in all, < 10 s', met: sessions === '1 login, 1 refresh' && jwtChecks.seconds < 10 && jwtChecks.items === 1000, ...jwtChecks };
		},
	},
	{
		name: 'Sales Note Create for 200 shop orders',
		run: async (sandbox) => {
			const orders = Array.from({ length: 200 }, (_, index) => ({ number: `W-${index}`, sku: DEMO.producto.codigo, qty: 1 + (index % 3) }));
			const created = await measure(async () => {
				const run = await runNode({
					node: 'admintotalSalesNote',
					parameters: {
						resource: 'salesNote',
						operation: 'create',
						clientBy: 'rfc',
						clientRfc: DEMO.cliente.rfc,
						linesInput: 'json',
						linesJson: '={{ [{ productCode: $json.sku, quantity: $json.qty, unitPrice: "189.50" }] }}',
						additionalFields: { externalId: '={{ $json.number }}' },
					},
					input: orders,
					credential: apiCredential(sandbox),
				});
				if (run.error) throw run.error;
				return { items: run.json.length, requests: sandbox.requests.length };
			});
			return { target: '< 5 s', met: created.seconds < 5 && created.items === 200, ...created };
		},
	},
	{
		name: 'Sandbox: 500 sequential product pages of 20 (5,000 products)',
		run: async (sandbox) => {
			const sandboxLatency = await measure(async () => {
				for (let index = 0; index < 500; index++) {
					const response = await request(`${sandbox.apiBase}/productos/?limit=20&offset=${index * 7}`, { headers: { 'api-key': DEMO.apiKey } });
					await response.body.arrayBuffer();
				}
				return { items: 500 * 20, requests: 500 };
			});
			return { target: '< 5 s', met: sandboxLatency.seconds < 5, ...sandboxLatency };
		},
	},
	{ name: 'Trigger: 200 deliveries of 50 products, header token, Only Changed (5 repriced each time)', run: (sandbox) => triggerDeliveries(sandbox) },
	{ name: 'Trigger: deliveries of 50 products when 100,000 SKUs were delivered before, Only Changed (5 repriced each time)', run: (sandbox) => triggerWithLargeMemory(sandbox) },
];

/**
 * Admintotal waits for the trigger's answer: 200 deliveries of 50 products with a header token and
 * Only Changed Since Last Delivery, 5 products repriced before each, so the memory (up to 500 SKUs)
 * is read, compared and written on every delivery.
 */
async function triggerDeliveries(sandbox: Awaited<ReturnType<typeof startSandbox>>): Promise<Measurement> {
	const token = randomBytes(16).toString('hex');
	const trigger = await TriggerHarness.start({
		parameters: { event: 'priceStockChanged', authentication: 'headerToken', options: { onlyChanged: true } },
		credentials: [deliveryCredential({ token })],
	});
	const codes = sandbox.store.productos.slice(0, 500).map((producto) => producto.codigo);
	const answers: number[] = [];
	try {
		const measured = await measure(async () => {
			for (let delivery = 0; delivery < 200; delivery++) {
				const batch = codes.slice((delivery % 10) * 50, (delivery % 10) * 50 + 50);
				for (let step = 0; step < 5; step++) sandbox.store.setPrecio(batch[(delivery + step * 7) % 50], 100 + delivery + step / 100);
				const started = process.hrtime.bigint();
				const [result] = await sandbox.webhooks.sendPriceStock({ url: trigger.url, auth: { type: 'header', token }, codes: batch });
				answers.push(Number(process.hrtime.bigint() - started) / 1e6);
				if (result.status !== 200) throw new Error(`delivery ${delivery} answered ${result.status}: ${result.body}`);
			}
			return { items: trigger.startedItems.length, requests: answers.length };
		});
		const sorted = [...answers].sort((a, b) => a - b);
		const p50 = sorted[Math.floor(sorted.length * 0.5)];
		const p95 = sorted[Math.floor(sorted.length * 0.95)];
		return {
			name: 'Trigger: 200 deliveries of 50 products, header token, Only Changed (5 repriced each time)',
			target: 'answer p95 < 50 ms, one workflow per delivery',
			met: p95 < 50 && trigger.executions.length === 200,
			...measured,
			notes: `answer p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; ${trigger.executions.length} workflows`,
		};
	} finally {
		await trigger.close();
	}
}

/**
 * The memory of Only Changed Since Last Delivery after 100,000 different SKUs were delivered
 * (imported as the static data a long-running workflow would have), then 101 deliveries of 50
 * products with 5 repriced before each: the first delivery's answer, the answer of the next 100
 * (p50, p95), and what the memory weighs in the saved static data.
 */
async function triggerWithLargeMemory(sandbox: Sandbox): Promise<Omit<Measurement, 'name'>> {
	const token = randomBytes(16).toString('hex');
	const trigger = await TriggerHarness.start({
		parameters: { event: 'priceStockChanged', authentication: 'headerToken', options: { onlyChanged: true } },
		credentials: [deliveryCredential({ token })],
	});
	// The memory as every version so far saved it: SKU → "price|cost|stock".
	const remembered: Record<string, string> = {};
	for (let index = 0; index < 100_000; index++) remembered[`BENCH-${String(index).padStart(6, '0')}`] = `${(index % 997) + 0.5}|${index % 613}|${index % 89}`;
	trigger.importStaticData({ 'node:Admintotal Trigger': { lastDelivered: remembered } });
	const batch = sandbox.store.productos.slice(0, 50).map((producto) => producto.codigo);
	const answers: number[] = [];
	try {
		const measured = await measure(async () => {
			for (let delivery = 0; delivery < 101; delivery++) {
				for (let step = 0; step < 5; step++) sandbox.store.setPrecio(batch[(delivery + step * 7) % 50], 300 + delivery + step / 100);
				const started = process.hrtime.bigint();
				const [result] = await sandbox.webhooks.sendPriceStock({ url: trigger.url, auth: { type: 'header', token }, codes: batch });
				answers.push(Number(process.hrtime.bigint() - started) / 1e6);
				if (result.status !== 200) throw new Error(`delivery ${delivery} answered ${result.status}: ${result.body}`);
			}
			return { items: trigger.startedItems.length, requests: answers.length };
		});
		const later = answers.slice(1).sort((a, b) => a - b);
		const p50 = later[Math.floor(later.length * 0.5)];
		const p95 = later[Math.floor(later.length * 0.95)];
		const memory = trigger.nodeStaticData.lastDelivered as Record<string, unknown>;
		const kilobytes = Buffer.byteLength(JSON.stringify(memory)) / 1024;
		// SKU → text as saved until now, or day → SKU → text.
		const skus = Object.values(memory).reduce<number>((count, value) => count + (typeof value === 'string' ? 1 : Object.keys(value as object).length), 0);
		return {
			target: 'answer p95 < 50 ms, memory < 1 MB',
			met: p95 < 50 && kilobytes < 1024,
			...measured,
			notes: `first answer ${answers[0].toFixed(1)} ms, then p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; memory ${skus} SKUs, ${kilobytes.toFixed(0)} KB`,
		};
	} finally {
		await trigger.close();
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
