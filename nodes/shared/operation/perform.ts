import type { DeclarativeRestApiSettings, IDataObject, IExecutePaginationFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { recordsOf } from '../transport/answers';
import type { WriteEffect } from '../transport/errors';
import type { ListReading } from '../transport/list';
import { readList } from '../transport/list';
import type { Lookup } from '../transport/lookups';
import { lookUpEach } from '../transport/lookups';
import { sendRequest } from '../transport/request';
import type { Wave } from './wave';
import { lookUpInWave, sendInWave } from './wave';

/** What the transport does with one item's request, decided by the operation's check. */
export interface Plan {
	kind: 'list' | 'read' | 'lookup' | 'write';
	wave: Wave;
	/** Lists: Limit (undefined for Return All) and Parallel Requests; lookups: Parallel Requests. */
	size?: ListReading;
	/** Lookups: the list, its query parameter and the value this item looks up. */
	lookup?: Lookup & { value: string };
	/** Writes: what the write does, for its errors when its outcome is unknown. */
	effect?: WriteEffect;
	/** Known without asking (e.g. a generic RFC): no request, no records. */
	answered: boolean;
	/** Records to output items (Simplify, then the operation's own step). */
	output: (records: IDataObject[]) => IDataObject[];
}

/** Each checked request's plan, set by the operation's check and read here (the options object travels between them). */
export const prepared = new WeakMap<object, Plan>();

/**
 * How every declarative operation reaches Admintotal, wired as the node's `requestOperations.pagination`
 * (the engine's only hook that hands a request to the node). The plan says what the request is: a
 * list (every page for Return All, the fewest pages for Limit), a lookup, a read, or a write.
 */
export async function perform(this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions): Promise<INodeExecutionData[]> {
	const plan = prepared.get(requestData.options);
	if (!plan || requestData.postReceive.length > 0) {
		throw new NodeOperationError(this.getNode(), 'This operation was not declared with defineOperation; nothing was sent', {
			description: 'A bug in the Admintotal nodes: please report it.',
		});
	}
	// Items of a wave go together: none is sent while another's input is wrong (see wave.ts).
	return await sendInWave(this, plan.wave, plan.kind === 'write', async () => {
		const records = await recordsFor(this, requestData.options as IHttpRequestOptions, plan);
		return plan.output(records).map((json) => ({ json }));
	});
}

async function recordsFor(context: IExecutePaginationFunctions, request: IHttpRequestOptions, plan: Plan): Promise<IDataObject[]> {
	const itemIndex = context.getItemIndex();
	// A plan answered without asking (a generic RFC) has no records: its output step answers from the values.
	if (plan.answered) return [];
	const { lookup, size } = plan;
	if (lookup && size) return await lookUpInWave(context, plan.wave, lookup.value, async (values) => await lookUpEach(context, request, lookup, values, size.parallel, itemIndex));
	if (size) return await readList(context, request, itemIndex, size);
	return recordsOf((await sendRequest(context, request, { itemIndex, effect: plan.effect })).body);
}
