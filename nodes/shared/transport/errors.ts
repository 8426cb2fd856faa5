import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { firstBytes, maskSecrets, textLine, withoutTags } from '../../../credentials/safeText';

/** What happened, in plain words, for the statuses Admintotal (Django REST Framework) answers. */
const STATUS_SUMMARY: Record<number, string> = {
	400: 'Admintotal rejected the data sent',
	401: 'Admintotal did not accept the credentials',
	403: 'The Admintotal user is not allowed to do this',
	404: 'The record was not found in Admintotal',
	405: 'Admintotal does not allow this operation here',
	409: 'Admintotal reported a conflict with existing data',
	413: 'The data sent is too large for Admintotal',
	415: 'Admintotal did not accept the format of the data sent',
	429: 'Admintotal is limiting requests right now',
};

export function statusSummary(status: number): string {
	if (STATUS_SUMMARY[status]) return STATUS_SUMMARY[status];
	if (status >= 500) return 'Admintotal could not complete the request because of a failure on its side';
	return `Admintotal answered with HTTP ${status}`;
}

/** n8n copies only an error's message into the item under "On Error: Continue"; this much of the API's words goes there. */
const MESSAGE_DETAIL_LENGTH = 300;

/**
 * Flattens a DRF error body into "field: message" lines, keeping nested paths such as
 * `detalles[1].cantidad`, so the user sees which value the API refused.
 */
export function drfMessages(body: unknown, path = ''): string[] {
	if (body === null || body === undefined || body === '') return [];
	if (typeof body === 'string' || typeof body === 'number' || typeof body === 'boolean') {
		return [path ? `${path}: ${String(body)}` : String(body)];
	}
	if (Array.isArray(body)) {
		const allText = body.every((entry) => typeof entry === 'string');
		if (allText) return body.map((text) => (path ? `${path}: ${text}` : String(text)));
		return body.flatMap((entry, index) => drfMessages(entry, `${path}[${index}]`));
	}
	if (typeof body === 'object') {
		return Object.entries(body as IDataObject).flatMap(([key, value]) => {
			if (key === 'code' || key === 'messages' || key === 'ok') return [];
			const label = key === 'detail' || key === 'non_field_errors' ? path : path ? `${path}.${key}` : key;
			return drfMessages(value, label);
		});
	}
	return [];
}

export interface ApiFailure {
	status: number;
	body: unknown;
	itemIndex: number;
	/** The credential's secrets, masked in everything taken from the answer. */
	secrets: readonly string[];
	/** Which page of a list failed, e.g. "page at offset 200". */
	page?: string;
	/** Extra lines for the description (a wait that was too long, retries made). */
	notes?: string[];
}

/**
 * The error a user sees for an HTTP answer: plain summary, then the API's own words, which n8n
 * copies into the error item under "On Error: Continue"; the description adds the context.
 */
export function apiError(node: INode, failure: ApiFailure): NodeApiError {
	// Django error pages are HTML; a user needs a line of text, not markup.
	const body = typeof failure.body === 'string' ? textLine(withoutTags(failure.body), 300) : failure.body;
	const messages = drfMessages(body).map((line) => maskSecrets(line, failure.secrets));
	// The API's reasons belong in the message when they say what to fix (4xx), not for server pages.
	const detail = failure.status < 500 && messages.length > 0 ? `: ${textLine(messages.join('; '), MESSAGE_DETAIL_LENGTH)}` : '';
	return describedError(node, `${statusSummary(failure.status)}${detail}`, [...messages, ...(failure.notes ?? [])], failure, { messages });
}

export interface NonAnswer {
	status: number;
	body: unknown;
	itemIndex: number;
	secrets: readonly string[];
	/** What was expected, e.g. "a page of the list (page at offset 100)". */
	expected: string;
	/** A write: it may have been applied although its answer cannot be read. */
	write: boolean;
}

/** A 2xx whose body is not what the endpoint returns (HTML, empty, cut off): never turned into data. */
export function nonAnswerError(node: INode, failure: NonAnswer): NodeApiError {
	const lines = [
		`It answered: ${firstBytes(failure.body, failure.secrets)}`,
		failure.write
			? 'The write may have been applied; check Admintotal before running it again.'
			: 'Nothing was output, so no partial result is passed on as if it were complete.',
	];
	return describedError(node, `Admintotal did not answer with ${failure.expected}`, lines, failure);
}

/** A redirect is never followed with credentials attached; the user learns where it pointed. */
export function redirectError(node: INode, status: number, target: string, itemIndex: number, write: boolean): NodeApiError {
	const advice = write
		? 'A write answered with a redirect is never repeated elsewhere; it was most likely not applied, but check Admintotal before running it again.'
		: 'Your credentials were not sent there. Check that the Base URL in the credential is the address Admintotal uses for your tenant.';
	return describedError(node, `Admintotal answered with a redirect (HTTP ${status}) to ${target}; it was not followed`, [advice], { status, itemIndex });
}

/** A request that never got an answer (connection refused or dropped, timeout). */
export function networkError(node: INode, origin: string, reason: string, itemIndex: number, mayHaveApplied: boolean, page?: string) {
	const advice = mayHaveApplied
		? 'The request may or may not have been applied; check Admintotal before running it again.'
		: 'Nothing was changed; it is safe to run again.';
	return describedError(node, `Could not reach Admintotal at ${origin}`, [reason, advice], { page, itemIndex }, { reason });
}

interface Where {
	status?: number;
	page?: string;
	itemIndex: number;
}

/**
 * Every error of the transport in one shape: a plain message, the description's lines, and last
 * where it happened: "(HTTP 400, page at offset 200, item 3)".
 */
function describedError(node: INode, message: string, lines: string[], { status, page, itemIndex }: Where, response: JsonObject = {}): NodeApiError {
	const httpCode = status === undefined ? 'none' : String(status);
	const where = [...(status === undefined ? [] : [`HTTP ${status}`]), ...(page ? [page] : []), `item ${itemIndex}`].join(', ');
	return new NodeApiError(node, { httpCode, ...response }, { message, description: [...lines, `(${where})`].join('\n'), httpCode, itemIndex });
}
