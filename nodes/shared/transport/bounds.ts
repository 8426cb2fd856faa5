import type { IN8nHttpFullResponse } from 'n8n-workflow';

import { headerOf } from './answers';

/**
 * Each request's bounds: a total time (headers and the whole body, however slowly it drips) and a
 * largest answer. The HTTP client's own `timeout` only limits how long the socket may stay idle,
 * and n8n's helper reads any answer whole (its `maxContentLength` is fixed to Infinity), so the
 * answer is taken as a stream and read here.
 */

/** Without the node's Settings › Request Options › Timeout, no request takes longer than this, its answer read whole. */
export const DEFAULT_TOTAL_MS = 120_000;

/**
 * The largest answer read. A page holds at most 100 records: 8 MB allows 80 KB of JSON per record,
 * far more than a sales note with its lines, while one hostile answer cannot take more than that
 * of n8n's memory.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export class OutOfBounds extends Error {
	constructor(readonly crossed: 'time' | 'size') {
		super(`answer ${crossed} bound crossed`);
	}
}

/** The answer's body broke off or could not be decoded: its status had come, so the request had reached Admintotal. */
export class AnswerBroken extends Error {
	constructor(cause: Error) {
		super(cause.message, { cause });
	}
}

export interface TimeBound {
	ms: number;
	/** Set in the node's Settings › Request Options › Timeout, rather than the default. */
	userSet: boolean;
}

/** What the user set in the node's Settings › Request Options › Timeout (ms), or the default. */
export function timeBound(set: unknown): TimeBound {
	const userSet = typeof set === 'number' && Number.isFinite(set) && set > 0;
	return { ms: userSet ? (set as number) : DEFAULT_TOTAL_MS, userSet };
}

type BodyStream = {
	on(event: 'data', listener: (chunk: Buffer) => void): unknown;
	on(event: 'end', listener: () => void): unknown;
	on(event: 'error', listener: (error: Error) => void): unknown;
	destroy(): unknown;
};

function isStream(body: unknown): body is BodyStream {
	return typeof (body as BodyStream | undefined)?.on === 'function' && typeof (body as BodyStream).destroy === 'function';
}

/**
 * Sends (asking for the answer as a stream) and reads the answer within `totalMs` in all and
 * MAX_ANSWER_BYTES; past either, the connection is closed and OutOfBounds thrown.
 */
export async function answerWithin(totalMs: number, send: (signal: AbortSignal) => Promise<IN8nHttpFullResponse>): Promise<IN8nHttpFullResponse> {
	const deadline = AbortSignal.timeout(totalMs);
	const sending = send(deadline);
	let answer: IN8nHttpFullResponse;
	try {
		// n8n versions that replace the request's abortSignal with the execution's own still end here on time.
		answer = await Promise.race([sending, abortedBy(deadline)]);
	} catch (error) {
		// An answer that comes after the bound is not read: its connection is closed.
		void sending.then((late) => (isStream(late.body) ? late.body.destroy() : undefined), () => undefined);
		throw deadline.aborted ? new OutOfBounds('time') : error;
	}
	return { ...answer, body: (await readBody(answer, deadline)) as IN8nHttpFullResponse['body'] };
}

async function abortedBy(signal: AbortSignal): Promise<never> {
	return await new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(new OutOfBounds('time')), { once: true }));
}

async function readBody(answer: IN8nHttpFullResponse, deadline: AbortSignal): Promise<unknown> {
	const body = answer.body;
	if (!isStream(body)) return body;
	if (Number(headerOf(answer.headers, 'content-length')) > MAX_ANSWER_BYTES) {
		body.destroy();
		throw new OutOfBounds('size');
	}
	const raw = await new Promise<Buffer>((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		const settle = (error?: Error) => {
			deadline.removeEventListener('abort', onTime);
			if (error === undefined) return resolve(Buffer.concat(chunks));
			body.destroy();
			reject(error);
		};
		const onTime = () => settle(new OutOfBounds('time'));
		if (deadline.aborted) return onTime();
		deadline.addEventListener('abort', onTime, { once: true });
		body.on('data', (chunk) => {
			size += chunk.length;
			if (size > MAX_ANSWER_BYTES) settle(new OutOfBounds('size'));
			else chunks.push(chunk);
		});
		body.on('end', () => settle());
		body.on('error', (error) => settle(new AnswerBroken(error)));
	});
	return parsed(raw.toString('utf8'));
}

/** As the HTTP client reads an answer by default: JSON when it parses, else the text as is. */
function parsed(text: string): unknown {
	if (text === '') return '';
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}
