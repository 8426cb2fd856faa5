/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, no-console -- test code runs in Node.js, not inside n8n */
/**
 * File trace: which product files (dist/) a real run crosses, and how often control moves between
 * them. Three cases run through the engine harness against the sandbox (see README.md here).
 *
 * How: a Module.prototype._compile hook sees every dist/ module as it is compiled and wraps, in
 * place on its exports object, each function it exports (and, inside exported plain objects and
 * arrays, each function), each exported class (its constructor, prototype and static methods).
 * Compiled TypeScript calls imports as `(0, mod_1.fn)(...)`, reading the export at call time, so the
 * wrappers are what other files call. A wrapper is charged to the file the function is written in
 * (found from its source text), not the file exporting it: defineResource's `execute` is resource's
 * code even when a node file exports it. Product functions a wrapped call returns (in plain
 * objects) or receives as arguments are wrapped too: closures are how much of the code travels.
 * The current file is kept in an AsyncLocalStorage, so async continuations (and n8n code in
 * between, e.g. n8n calling the credential during a request) know where they are.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';

import { credentialFor, runNode } from '../harness/engine';
import { PACKAGE_ROOT, loadPackage } from '../harness/package';
import { PollingTrigger } from '../harness/poll';
import { tenantDay } from '../nodes/pollingTrigger/fixture';
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { crearNotaVenta } from '../sandbox/store/cambios';

const DIST = path.join(PACKAGE_ROOT, 'dist') + path.sep;
/** Compiled source of each product file (relative to dist/, '/' separators): where a function's text is looked up. */
const sources = new Map<string, string>();
const here = new AsyncLocalStorage<string>();
/** A move of control: a call into `to`, or the return of `from` to its caller; undefined is outside the product (n8n, harness). */
interface Move { call: boolean; from?: string; to?: string }
/** The moves of the case being measured; undefined while loading, so the package's own set-up is not counted. */
let moves: Move[] | undefined;

type AnyFunction = (...args: unknown[]) => unknown;
const wrappers = new WeakSet<object>();
/** A function's wrapper, or the function itself when it is not product code (cached both ways: identity stays stable). */
const wrapperOf = new WeakMap<AnyFunction, AnyFunction>();

/** The product file whose source holds the function's text; `preferred` first, since short arrows may appear in several. */
function writtenIn(fn: AnyFunction, preferred?: string): string | undefined {
	const text = Function.prototype.toString.call(fn);
	if (text.endsWith('{ [native code] }')) return undefined;
	if (preferred && sources.get(preferred)?.includes(text)) return preferred;
	for (const [file, source] of sources) if (source.includes(text)) return file;
	return undefined;
}

/**
 * Runs `call` as code of `file`, recording the move in and the move back (for a promise: when it
 * settles). What it hands back is wrapped in turn: an async call's value through a new promise, one
 * tick later, since the value only exists then (RunBudget.take resolves to the lane's give-back).
 */
function enter(file: string, call: () => unknown): unknown {
	const from = here.getStore();
	if (from === file) return call();
	const recording = moves;
	recording?.push({ call: true, from, to: file });
	const back = () => void recording?.push({ call: false, from: file, to: from });
	let result: unknown;
	try {
		result = here.run(file, call);
	} catch (error) {
		back();
		throw error;
	}
	const settled = (value: unknown) => {
		back();
		return handedBack(value, file);
	};
	if (!(result instanceof Promise)) return settled(result);
	return result.then(settled, (error: unknown) => {
		back();
		throw error;
	});
}

/** Product functions handed back (alone, or in plain objects and arrays: defineOperation's run, a field's reader) are wrapped too. */
function handedBack(value: unknown, file: string): unknown {
	if (typeof value === 'function') return wrap(value as AnyFunction, file);
	wrapWithin(value, file);
	return value;
}

/** The function's wrapper, charged to the product file its text is in; a function found in none (n8n's, a bound one) is left as it is. */
function wrap(fn: AnyFunction, preferred?: string): AnyFunction {
	if (wrappers.has(fn)) return fn;
	const known = wrapperOf.get(fn);
	if (known) return known;
	const file = writtenIn(fn, preferred);
	if (!file) {
		wrapperOf.set(fn, fn);
		return fn;
	}
	// A class: its static and prototype methods, in place (calls through `this` reach them too).
	if (/^class\b/.test(Function.prototype.toString.call(fn)))
		for (const owner of [fn, fn.prototype as object])
			for (const name of Object.getOwnPropertyNames(owner)) if (!['constructor', 'length', 'name', 'prototype'].includes(name)) replace(owner, name, file);
	// A Proxy keeps name, length, own properties, `new` and instanceof (its prototype is the target's).
	const wrapper = new Proxy(fn, {
		apply: (target, self, args: unknown[]) => {
			// Callbacks handed over (most likely written in the caller's file) are product code too.
			const caller = here.getStore();
			const passed = args.map((arg) => (typeof arg === 'function' ? wrap(arg as AnyFunction, caller) : arg));
			return enter(file, () => Reflect.apply(target, self, passed));
		},
		construct: (target, args: unknown[], newTarget: AnyFunction) => enter(file, () => Reflect.construct(target, args, newTarget) as object) as object,
	});
	wrappers.add(wrapper);
	wrapperOf.set(fn, wrapper);
	return wrapper;
}

/** Swaps a writable data property holding a function for its wrapper; getters (tsc's re-exports) are left alone: they read the source module's export, wrapped there. */
function replace(owner: object, key: string, preferred?: string) {
	const property = Object.getOwnPropertyDescriptor(owner, key);
	if (!property || !('value' in property) || !property.writable || typeof property.value !== 'function') return;
	const wrapper = wrap(property.value as AnyFunction, preferred);
	if (wrapper !== property.value) (owner as Record<string, unknown>)[key] = wrapper;
}

const walked = new WeakSet<object>();
/** Wraps the functions of a plain object or array and of those nested in it, a few levels deep (resource → methods → listSearch → fn). */
function wrapWithin(value: unknown, preferred: string | undefined, depth = 0) {
	if (depth > 4 || value === null || typeof value !== 'object' || walked.has(value)) return;
	const prototype = Object.getPrototypeOf(value) as unknown;
	if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return;
	walked.add(value);
	for (const key of Object.keys(value)) {
		replace(value, key, preferred);
		const property = Object.getOwnPropertyDescriptor(value, key);
		if (property && 'value' in property) wrapWithin(property.value, preferred, depth + 1);
	}
}

// The hook, installed before anything loads dist/ (the harness loads the package lazily, on first use).
if (Object.keys(require.cache).some((loaded) => loaded.startsWith(DIST))) throw new Error('dist/ was loaded before the trace hook');
type Compile = (this: NodeJS.Module, content: string, filename: string, ...rest: unknown[]) => unknown;
const modulePrototype = (Module as unknown as { prototype: { _compile: Compile } }).prototype;
const compile = modulePrototype._compile;
modulePrototype._compile = function (this: NodeJS.Module, content, filename, ...rest) {
	const file = filename.startsWith(DIST) && filename.endsWith('.js') ? path.relative(DIST, filename).split(path.sep).join('/') : undefined;
	// Known before it runs: its top-level code may hand its own closures to other files already.
	if (file) sources.set(file, content);
	const result = compile.call(this, content, filename, ...rest);
	if (file) wrapWithin(this.exports, file);
	return result;
};

/** The shortest tail of a product file's path (no .js) that no other dist/ file shares: `resource`, `AdmintotalProspect/create.operation`. */
const allFiles = (readdirSync(DIST, { recursive: true }) as string[]).filter((name) => name.endsWith('.js')).map((name) => name.slice(0, -3).split(path.sep));
function shortName(file: string): string {
	const parts = file.slice(0, -3).split('/');
	for (let n = 1; n < parts.length; n++) {
		const tail = parts.slice(-n).join('/');
		if (allFiles.filter((other) => other.slice(-n).join('/') === tail).length === 1) return tail;
	}
	return parts.join('/');
}

const OUTSIDE = '(n8n)';
interface Figures { case: string; files: string[]; stops: number; returns: number; calls: number; requests: number; items: number; sequence: string[] }

/** Stops: moves between two product files (a call or a return). Returns: calls into a file control had already left. */
function figures(name: string, recorded: Move[], requests: number, items: number): Figures {
	const visited = new Set<string>();
	const sequence: string[] = [];
	let stops = 0;
	let returns = 0;
	for (const move of recorded) {
		if (move.from && move.to) stops++;
		if (move.call && move.to && visited.has(move.to)) returns++;
		if (move.to) visited.add(move.to);
		const at = move.to ? shortName(move.to) : OUTSIDE;
		if (sequence[sequence.length - 1] !== at) sequence.push(at);
	}
	if (sequence[sequence.length - 1] === OUTSIDE) sequence.pop();
	return { case: name, files: [...visited].sort(), stops, returns, calls: recorded.filter((move) => move.call).length, requests, items, sequence };
}

/** The sequence with repeated runs folded, e.g. `(answers → json) ×60`, for reading; the JSON keeps it whole. */
function folded(sequence: string[]): string {
	const parts: string[] = [];
	for (let at = 0; at < sequence.length; ) {
		let best = { period: 1, times: 1 };
		for (let period = 2; period <= 6; period++) {
			const block = sequence.slice(at, at + period).join();
			let times = 1;
			while (sequence.slice(at + times * period, at + (times + 1) * period).join() === block) times++;
			if (times > 1 && period * times > best.period * best.times) best = { period, times };
		}
		const block = sequence.slice(at, at + best.period).join(' → ');
		parts.push(best.times > 1 ? `(${block}) ×${best.times}` : block);
		at += best.period * best.times;
	}
	return parts.join(' → ');
}

async function main() {
	const out = process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1] : undefined;
	await loadPackage(); // compiled and wrapped here, outside any case
	// As the node tests start it: pages of 25 as test/nodes/reads.test.ts (120 sales notes: 5 pages), the default elsewhere.
	const paged = await startSandbox({ pageSize: { default: 20, max: 25 } });
	const sandbox = await startSandbox();
	const apiKey = (on: Sandbox) => credentialFor({ baseUrl: on.url, authMethod: 'apiKey', apiKey: DEMO.apiKey });
	const node = (on: Sandbox, name: string, parameters: Record<string, unknown>) => async () => {
		const run = await runNode({ node: name, parameters, credential: apiKey(on) });
		return { error: run.error, items: run.items.length };
	};
	const trigger = new PollingTrigger({ parameters: { event: 'newSalesNote' }, credential: apiKey(sandbox) });
	const poll = async () => trigger.poll().then((result) => ({ error: result.error, items: result.json.length }));
	const salesNotes = { resource: 'salesNote', operation: 'getAll', options: { parallelRequests: 1 } };
	// The parameters of test/nodes/prospect/create.test.ts's first test.
	const prospect = { resource: 'prospect', operation: 'create', name: 'Laura Méndez', address: { street: 'Av. Vallarta', exteriorNumber: '3000', postalCode: '44690', state: 'Jalisco' },
		additionalFields: { code: 'PRO-0900', company: 'Ferretería Méndez', tradeName: 'La Llave', branch: 'Centro', rfc: 'mesl800101ab9', referrer: 'Juan Pérez', status: 2 } };
	type Case = [string, Sandbox, () => Promise<{ error?: Error; items: number }>, (() => Promise<unknown>)?];
	const cases: Case[] = [
		['Sales Note Get Many, Return All, Parallel Requests 1', paged, node(paged, 'admintotalSalesNote', { ...salesNotes, returnAll: true })],
		['Sales Note Get Many, Limit 5', paged, node(paged, 'admintotalSalesNote', { ...salesNotes, limit: 5 })],
		['Prospect Create', sandbox, node(sandbox, 'admintotalProspect', prospect)],
		// The activation poll stores the memory (not measured); then a poll with nothing new, and one with a new note.
		['Polling Trigger New Sales Note, nothing new', sandbox, poll, () => trigger.poll()],
		['Polling Trigger New Sales Note, one new note', sandbox, poll, async () => crearNotaVenta(sandbox.store, { fecha: tenantDay() })],
	];
	const results: Figures[] = [];
	try {
		for (const [name, on, run, before] of cases) {
			await before?.();
			on.clearRequests();
			const recorded = (moves = []);
			const outcome = await run().finally(() => (moves = undefined));
			if (outcome.error) throw new Error(`${name}: ${outcome.error.message}`);
			results.push(figures(name, recorded, on.requests.length, outcome.items));
		}
	} finally {
		await Promise.all([paged.close(), sandbox.close()]);
	}
	console.table(results.map((result) => ({ case: result.case, files: result.files.length, stops: result.stops, returns: result.returns, calls: result.calls, requests: result.requests, items: result.items })));
	for (const result of results) console.log(`\n${result.case}\n  files: ${result.files.map(shortName).join(', ')}\n  sequence: ${folded(result.sequence)}`);
	if (out) writeFileSync(out, `${JSON.stringify(results, null, '\t')}\n`);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
