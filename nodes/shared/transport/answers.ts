import type { IDataObject, IN8nHttpFullResponse, INode } from 'n8n-workflow';

import { isJsonObject } from '../../../tenant/json';
import { maskSecretsInJson } from '../../../tenant/safeText';
import type { WriteEffect } from './errors';
import { nonAnswerError } from './errors';

/** What a 2xx answer must hold: a DRF page of a list, one record, or the answer to a write. */
export type Expected = 'page' | 'record' | 'written';

export interface DrfPage {
	count?: number;
	next: string | null;
	results: IDataObject[];
}

/** A 2xx is data only when it holds what the endpoint returns; anything else is an error, never an item. */
export function checkAnswer(
	node: INode,
	answer: IN8nHttpFullResponse,
	expect: Expected,
	where: { itemIndex: number; page?: string; secrets: readonly string[]; write?: WriteEffect },
) {
	const body = answer.body;
	const fits =
		expect === 'page'
			? asDrfPage(body) !== undefined
			: expect === 'record'
				? isJsonObject(body)
				: // Every write answers the record it wrote (or an object saying what it did), or 204: a list or a page holds no such record.
					(isJsonObject(body) && asDrfPage(body) === undefined) || (answer.statusCode === 204 && (body === undefined || body === ''));
	if (fits) return;
	const expected = { page: `a page of the list (${where.page ?? 'page at offset 0'})`, record: 'a record', written: 'the result of the write' }[expect];
	throw nonAnswerError(node, { status: answer.statusCode, body, itemIndex: where.itemIndex, secrets: where.secrets, expected, write: where.write });
}

export function asDrfPage(body: unknown): DrfPage | undefined {
	if (!isJsonObject(body)) return undefined;
	const { results, next, count } = body;
	if (!Array.isArray(results) || !results.every(isJsonObject)) return undefined;
	if (!(next === null || typeof next === 'string')) return undefined;
	if (count !== undefined && !(typeof count === 'number' && Number.isInteger(count) && count >= 0)) return undefined;
	return body as unknown as DrfPage;
}

/**
 * A checked 2xx body with the credential's secrets masked in every text and name, as errors mask
 * what a server says, so a record that echoes the key or a token reaches no output. A page's `next`
 * link is left as sent: it is followed (on the tenant's origin only), never output, and a short
 * secret withheld from it would end the list.
 */
export function maskedBody(body: unknown, secrets: readonly string[]): unknown {
	const page = asDrfPage(body);
	const next = page?.next ?? null;
	const masked = maskSecretsInJson(body, secrets);
	if (page !== undefined) page.next = next;
	return masked;
}

/** The records of a checked answer: a page's results, a record, or a 204 to a write. */
export function recordsOf(body: unknown): IDataObject[] {
	const page = asDrfPage(body);
	if (page) return page.results;
	if (isJsonObject(body)) return [body];
	// A 204 to a write: applied, nothing to read.
	return [{ success: true }];
}


export function headerOf(headers: IDataObject | undefined, name: string): string | undefined {
	const raw = headers?.[name] ?? headers?.[name.toLowerCase()];
	const value = Array.isArray(raw) ? raw[0] : raw;
	return typeof value === 'string' && value !== '' ? value : undefined;
}
