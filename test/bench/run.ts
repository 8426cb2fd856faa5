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
import { TriggerHarness } from '../harness/webhook';
import { PACKAGE_ROOT } from '../harness/package';
import { DEMO, startSandbox } from '../sandbox';
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

async function main() {
	const results: Measurement[] = [];
	const sandbox = await startSandbox({ volume: { productos: 5000, notasVenta: 5000, listaNegra: 2000 }, pageSize: { default: 20, max: 100 } });
	const credential = () => credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey });
	try {
		// Warm the engine and the package loader once, so the first case does not pay for start-up.
		await runNode({ node: 'admintotalBankAccount', parameters: { resource: 'bankAccount', operation: 'getAll', returnAll: true }, credential: credential() });

		sandbox.clearRequests();
		const products = await measure(async () => {
			const run = await runNode({ node: 'admintotalProduct', parameters: { resource: 'product', operation: 'getAll', returnAll: true, simplify: false }, credential: credential() });
			if (run.error) throw run.error;
			return { items: run.json.length, requests: sandbox.requests.length };
		});
		results.push({ name: 'Product Get Many, Return All over 5,000 products (100 per page)', target: '< 10 s, < 600 MB RSS', met: products.seconds < 10 && products.peakRssMb < 600, ...products });

		sandbox.clearRequests();
		const notes = await measure(async () => {
			const run = await runNode({ node: 'admintotalSalesNote', parameters: { resource: 'salesNote', operation: 'getAll', returnAll: true, simplify: true, filters: { cancelled: 'all' } }, credential: credential() });
			if (run.error) throw run.error;
			return { items: run.json.length, requests: sandbox.requests.length };
		});
		results.push({ name: 'Sales Note Get Many, Return All over 5,000 notes, simplified', target: '< 10 s', met: notes.seconds < 10, ...notes });

		sandbox.clearRequests();
		const rfcs = Array.from({ length: 500 }, (_, index) => ({ rfc: index % 5 === 0 ? DEMO.listaNegra.definitivo.rfc : DEMO.rfcNoListado }));
		const checks = await measure(async () => {
			const run = await runNode({ node: 'admintotalBlacklist', parameters: { resource: 'blacklistEntry', operation: 'checkRfc', rfc: '={{ $json.rfc }}' }, input: rfcs, credential: credential() });
			if (run.error) throw run.error;
			const listed = run.json.filter((item) => item.listed === true).length;
			return { items: run.json.length, requests: sandbox.requests.length, notes: `${listed} listed` };
		});
		results.push({ name: 'Blacklist Check RFC for 500 input items', target: '< 5 s, one item out per item in', met: checks.seconds < 5 && checks.items === 500, ...checks });

		// Username and password (JWT) with no token yet, then again after every access token expired.
		sandbox.clearRequests();
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
		results.push({
			name: 'Check RFC for 500 items with JWT, twice: no token yet, then every token expired',
			target: '1 login and 1 refresh in all, < 10 s',
			met: sessions === '1 login, 1 refresh' && jwtChecks.seconds < 10 && jwtChecks.items === 1000,
			...jwtChecks,
		});

		sandbox.clearRequests();
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
				credential: credential(),
			});
			if (run.error) throw run.error;
			return { items: run.json.length, requests: sandbox.requests.length };
		});
		results.push({ name: 'Sales Note Create for 200 shop orders', target: '< 5 s', met: created.seconds < 5 && created.items === 200, ...created });

		const sandboxLatency = await measure(async () => {
			for (let index = 0; index < 500; index++) {
				const response = await request(`${sandbox.apiBase}/productos/?limit=20&offset=${index * 7}`, { headers: { 'api-key': DEMO.apiKey } });
				await response.body.arrayBuffer();
			}
			return { items: 500 * 20, requests: 500 };
		});
		results.push({ name: 'Sandbox: 500 sequential product pages of 20 (5,000 products)', target: '< 5 s', met: sandboxLatency.seconds < 5, ...sandboxLatency });

		results.push(await triggerDeliveries(sandbox));
	} finally {
		await sandbox.close();
	}

	const folder = path.join(PACKAGE_ROOT, 'bench');
	fs.mkdirSync(folder, { recursive: true });
	const stamp = { node: process.version, cpus: os.cpus().length, at: new Date().toISOString() };
	fs.writeFileSync(path.join(folder, 'results.json'), `${JSON.stringify({ ...stamp, results }, null, 2)}\n`);
	const table = [
		`# Benchmark results\n\nNode ${stamp.node}, ${stamp.cpus} cores, ${stamp.at}. Run with \`npm run bench\`.\n`,
		'| case | target | met | seconds | requests | items | peak RSS MB | notes |',
		'|---|---|---|---|---|---|---|---|',
		...results.map((r) => `| ${r.name} | ${r.target} | ${r.met ? 'yes' : '**no**'} | ${r.seconds.toFixed(2)} | ${r.requests} | ${r.items} | ${r.peakRssMb} | ${r.notes ?? ''} |`),
	].join('\n');
	fs.writeFileSync(path.join(folder, 'RESULTS.md'), `${table}\n`);
	console.log(table);
	if (results.some((r) => !r.met)) process.exitCode = 1;
}

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

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
