import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

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
	retryAfterSeconds?: number;
}

/** The error a user sees for an HTTP answer: plain message, API's own words and context in the description. */
export function apiError(node: INode, failure: ApiFailure): NodeApiError {
	const messages = drfMessages(typeof failure.body === 'string' ? trimHtml(failure.body) : failure.body);
	const context = [`HTTP ${failure.status}`, `item ${failure.itemIndex}`];
	if (failure.retryAfterSeconds !== undefined) context.push(`retry after ${failure.retryAfterSeconds} s`);
	const description = [...messages, `(${context.join(', ')})`].join('\n');
	const response: JsonObject = { httpCode: String(failure.status), messages };
	return new NodeApiError(node, response, {
		message: statusSummary(failure.status),
		description,
		httpCode: String(failure.status),
		itemIndex: failure.itemIndex,
	});
}

/** A request that never got an answer (connection refused or dropped, timeout). */
export function networkError(node: INode, origin: string, reason: string, itemIndex: number, mayHaveApplied: boolean) {
	const description = [
		reason,
		mayHaveApplied
			? 'The request may or may not have been applied; check Admintotal before running it again.'
			: 'Nothing was changed; it is safe to run again.',
		`(item ${itemIndex})`,
	].join('\n');
	return new NodeApiError(
		node,
		{ httpCode: 'none', reason },
		{ message: `Could not reach Admintotal at ${origin}`, description, httpCode: 'none', itemIndex },
	);
}

/** Django error pages are HTML; a user needs a line of text, not markup. */
function trimHtml(text: string): string {
	const stripped = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
	return stripped.length > 300 ? `${stripped.slice(0, 300)}…` : stripped;
}
