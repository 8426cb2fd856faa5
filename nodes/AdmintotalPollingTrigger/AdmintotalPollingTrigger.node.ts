import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { cfdiFileProperties } from '../shared/cfdi';
import { simplifyProperty } from '../shared/records';
import { SALES_NOTE_CFDI } from '../shared/salesDocuments';
import { parallelRequestsProperty } from '../shared/operation/settings';
import { CREDENTIAL_TYPE } from '../shared/tenant/tenant';
import { DEFAULT_LOOK_BACK_DAYS, DOCUMENT_FILTERS, MAX_LOOK_BACK_DAYS } from './events';
import { runPoll } from './poll';

const documentEvents = { show: { event: ['newSalesNote', 'newOrder', 'salesNoteCancelled'] } };

export class AdmintotalPollingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Polling Trigger',
		name: 'admintotalPollingTrigger',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ {"newSalesNote": "New Sales Note", "newOrder": "New Order", "salesNoteCancelled": "Sales Note Cancelled", "blacklistChanged": "Blacklist Entry Added or Changed"}[$parameter["event"]] }}',
		description:
			'Checks Admintotal on a schedule for new sales notes and orders, cancelled sales notes and changes on the SAT 69-B blacklist, reporting each once (Admintotal sends no webhook for these)',
		defaults: { name: 'Admintotal Polling Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				required: true,
				default: 'newSalesNote',
				options: [
					{ name: 'Blacklist Entry Added or Changed', value: 'blacklistChanged', description: "An RFC appears on SAT's 69-B list or its type changes (e.g. Presunto → Definitivo): one item per RFC with the type before and after" },
					{ name: 'New Order', value: 'newOrder', description: 'One item per order not reported yet, dated today or yesterday' },
					{ name: 'New Sales Note', value: 'newSalesNote', description: 'One item per sales note not reported yet, dated today or yesterday' },
					{ name: 'Sales Note Cancelled', value: 'salesNoteCancelled', description: 'One item per sales note cancelled since the last poll, among those dated within Look Back (Days)' },
				],
			},
			{
				displayName:
					"Each poll reads the list from yesterday on (the workflow's timezone, Settings → Timezone, should be the tenant's) and outputs only records not output before. Activating the workflow outputs nothing: it remembers what is already there.",
				name: 'newRecordsNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { event: ['newSalesNote', 'newOrder'] } },
			},
			{
				displayName: 'Look Back (Days)',
				name: 'lookBackDays',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_LOOK_BACK_DAYS },
				default: DEFAULT_LOOK_BACK_DAYS,
				displayOptions: { show: { event: ['salesNoteCancelled'] } },
				description:
					'Each poll reads the cancelled sales notes dated this many days back (cancelado=1, desde). A note dated earlier and cancelled now is not seen. A poll with no new cancellation costs one request; one with a new cancellation reads every cancelled note of the period (100 per request).',
			},
			{
				displayName: 'RFCs to Watch',
				name: 'rfcs',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				placeholder: 'e.g. ABC680524P76, XYZ010203AB1',
				displayOptions: { show: { event: ['blacklistChanged'] } },
				description:
					"RFCs separated by commas or new lines, or an array from an expression (e.g. your customers' RFCs). Empty: the whole list is read on every poll (about 120 requests for 12,000 entries). With RFCs: one lookup per RFC.",
			},
			...DOCUMENT_FILTERS.properties.map((property) => ({ ...property, displayOptions: documentEvents })),
			{ ...simplifyProperty, displayOptions: documentEvents },
			...cfdiFileProperties(SALES_NOTE_CFDI, { event: ['newSalesNote'] }),
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [parallelRequestsProperty('Pages (or RFC lookups) asked at once when a poll reads more than one')],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await runPoll(this, () => this.getWorkflowStaticData('node') as IDataObject);
	}
}
