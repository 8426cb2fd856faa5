import type { DeclarativeRestApiSettings, IDataObject, IExecutePaginationFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { asDrfPage, toItems } from '../transport/answers';
import { readList } from '../transport/list';
import { sendRequest } from '../transport/request';
import { sendWithAllItems } from './allItems';

/** What the transport does with one item's request, decided by the operation's check. */
export interface Plan {
	kind: 'list' | 'read' | 'write';
	/** Lists: how many records at most; undefined for Return All. */
	limit?: number;
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
 * list (every page for Return All, the fewest pages for Limit), a read, or a write.
 */
export async function perform(this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions): Promise<INodeExecutionData[]> {
	const plan = prepared.get(requestData.options);
	if (!plan || requestData.postReceive.length > 0) {
		throw new NodeOperationError(this.getNode(), 'This operation was not declared with defineOperation; nothing was sent', {
			description: 'A bug in the Admintotal nodes: please report it.',
		});
	}
	// Items go together: none is sent while another's input is wrong (see allItems.ts).
	return await sendWithAllItems(this, plan.kind === 'write', async () => {
		const itemIndex = this.getItemIndex();
		const request = requestData.options as IHttpRequestOptions;
		// A plan answered without asking (a generic RFC) has no records: its output step answers from the values.
		const items = plan.answered ? [] : plan.kind === 'list' ? (await readList(this, request, itemIndex, plan.limit)).items : await readOne(this, request, itemIndex);
		return plan.output(items.map((item) => item.json)).map((json) => ({ json }));
	});
}

/** A read or a write: its answer's records (a lookup answered as a page, like Check RFC's ?rfc=, gives the page's records). */
async function readOne(context: IExecutePaginationFunctions, request: IHttpRequestOptions, itemIndex: number): Promise<INodeExecutionData[]> {
	const response = await sendRequest(context, request, { itemIndex });
	return toItems(asDrfPage(response.body)?.results ?? response.body);
}
