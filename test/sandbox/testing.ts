import { request } from 'undici';
import { DEMO } from './demo';
import type { Sandbox } from './types';

/** The sandbox tests' HTTP client: redirects not followed, the body parsed when it is JSON. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are probed field by field in tests
type Json = any;

export interface Answer<T = Json> {
	status: number;
	headers: Headers;
	text: string;
	json: T;
}

export interface CallOptions {
	method?: string;
	body?: unknown;
	/** Raw body, sent as is (with `contentType`). */
	raw?: string;
	contentType?: string;
	headers?: Record<string, string>;
	/** Default: the demo API key. `false` sends no credentials. */
	apiKey?: string | false;
	bearer?: string;
}

/** Calls `path` (relative to /api/v2 unless it starts with '/'). */
export async function call<T = Json>(sandbox: Sandbox, path: string, options: CallOptions = {}): Promise<Answer<T>> {
	const url = path.startsWith('http') ? path : path.startsWith('/') ? `${sandbox.url}${path}` : `${sandbox.apiBase}/${path}`;
	const headers: Record<string, string> = { ...options.headers };
	if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
	else if (options.apiKey !== false) headers['Api-key'] = options.apiKey ?? DEMO.apiKey;
	let body: string | undefined = options.raw;
	if (options.body !== undefined) {
		body = JSON.stringify(options.body);
		headers['Content-Type'] = 'application/json';
	}
	if (options.contentType) headers['Content-Type'] = options.contentType;
	const response = await fetch(url, { method: options.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
	const text = await response.text();
	let json: Json;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: response.status, headers: response.headers, text, json };
}

/** Follows `next` from `path` and returns every record. */
export async function walk<T = Json>(sandbox: Sandbox, path: string, options: CallOptions = {}): Promise<T[]> {
	const records: T[] = [];
	let next: string | null = path;
	while (next) {
		const answer: Answer = await call(sandbox, next, options);
		if (answer.status !== 200) throw new Error(`${next}: ${answer.status} ${answer.text}`);
		records.push(...answer.json.results);
		next = answer.json.next;
	}
	return records;
}

/** A 1×1 PNG, base64. */
export const PNG_1X1 =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A GET with full control of the headers (fetch drops Host). */
export async function rawCall(sandbox: Sandbox, path: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
	const response = await request(`${sandbox.url}${path}`, { headers });
	return { status: response.statusCode, text: await response.body.text() };
}
