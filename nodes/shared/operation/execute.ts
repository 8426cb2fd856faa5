import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { ValueReader } from '../fields/reader';
import { recordsOf } from '../tenant/answer';
import type { WriteEffect } from '../tenant/errors';
import { unknownWriteOf } from '../tenant/errors';
import { NotSent } from '../tenant/pace/run';
import { Tenant } from '../tenant/tenant';
import { readList, lookUpEach } from '../tenant/lists';
import { sendRequest } from '../tenant/request';
import type { ItemPlan, Operation } from './define';
import { batchingOf } from './settings';
import { shapeRecord } from '../records';

/** Each item's result: its output items, or its error. */
type Outcome = INodeExecutionData[] | Error;

/**
 * A node's run, the same for every operation: every item is checked into its plan before any is sent (one wrong item stops
 * the node with nothing sent); then the items go side by side (or batch by batch), a batch's lookups together, every request
 * within the run's budget; the output keeps the input's order. A failed write's error lists the items done and those whose
 * outcome is unknown, so running again creates nothing twice.
 */
export async function runOperation(context: IExecuteFunctions, resource: { value: string; path: string }, operations: readonly Operation[]): Promise<INodeExecutionData[][]> {
	const operation = chosenOperation(context, resource.value, operations);
	const continueOnFail = context.continueOnFail();
	const items = context.getInputData();
	const outcomes: Outcome[] = [];
	const plans: Array<ItemPlan | undefined> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			plans.push(await operation.plan(ValueReader.ofItem(context, itemIndex), resource.path));
		} catch (error) {
			if (!continueOnFail) throw asNodeError(context, error, itemIndex);
			plans.push(undefined);
			outcomes[itemIndex] = error as Error;
		}
	}
	const ceiling = plans.find(Boolean)?.reading.parallel;
	const tenant = await Tenant.open(context, { ceiling, careful: operation.kind === 'write', stopsAtFailure: !continueOnFail });
	try {
		await sendAll(tenant, operation, plans, outcomes);
	} finally {
		tenant.tellPace();
	}
	return [
		outcomes.flatMap((outcome, itemIndex): INodeExecutionData[] => {
			const pairedItem = { item: itemIndex };
			// The error with the record written: n8n's error output takes an item of `error` and `details` alone.
			if (outcome instanceof WrittenThenFailed) return [{ json: { error: outcome.message, details: outcome.output }, pairedItem }];
			return outcome instanceof Error ? [{ json: { error: outcome.message }, pairedItem }] : outcome.map((output) => ({ ...output, pairedItem }));
		}),
	];
}

/** Every planned item sent, batch by batch; the first failure (unless the node continues) ends the run before the next batch. */
async function sendAll(tenant: Tenant<IExecuteFunctions>, operation: Operation, plans: Array<ItemPlan | undefined>, outcomes: Outcome[]) {
	const { context } = tenant;
	const continueOnFail = context.continueOnFail();
	const batching = plans.length > 0 ? batchingOf(ValueReader.ofItem(context, 0)) : undefined;
	const size = batching?.size ?? Math.max(1, plans.length);
	for (let start = 0; start < plans.length; start += size) {
		if (batching && start > 0) await sleep(batching.intervalMs);
		const batch = plans.map((plan, itemIndex) => ({ plan, itemIndex })).slice(start, start + size);
		for (const [itemIndex, outcome] of await sendBatch(tenant, batch)) outcomes[itemIndex] = outcome;
		// The failure reported is the first that was sent, not an item the run stopped before sending.
		const failed = continueOnFail ? -1 : batch.findIndex(({ itemIndex }) => outcomes[itemIndex] instanceof Error && !(outcomes[itemIndex] instanceof NotSent));
		if (failed >= 0) {
			const { itemIndex } = batch[failed];
			throw operation.kind === 'write' ? withWhatWasWritten(outcomes, itemIndex) : outcomes[itemIndex];
		}
	}
}

/** An error n8n raised while reading a value (an expression it could not evaluate) keeps its message and names the item. */
function asNodeError(context: IExecuteFunctions, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

function chosenOperation(context: IExecuteFunctions, resource: string, operations: readonly Operation[]): Operation {
	const chosen = context.getNodeParameter('resource', 0, '') === resource ? context.getNodeParameter('operation', 0, '') : undefined;
	const operation = operations.find((candidate) => candidate.value === chosen);
	if (operation) return operation;
	throw new NodeOperationError(context.getNode(), "No Admintotal operation is selected: check the node's Resource and Operation", { description: 'Nothing was sent to Admintotal.' });
}

/** The batch's items side by side, their lookups asked once; unless the node continues, a failure leaves those still waiting unsent. */
async function sendBatch(tenant: Tenant<IExecuteFunctions>, batch: Array<{ plan?: ItemPlan; itemIndex: number }>): Promise<Map<number, Outcome>> {
	const planned = batch.filter((entry): entry is { plan: ItemPlan; itemIndex: number } => entry.plan !== undefined);
	const answers = await lookUpTogether(tenant, planned);
	const outcomes = await Promise.all(
		planned.map(async ({ plan, itemIndex }): Promise<[number, Outcome]> => {
			let records: IDataObject[] | undefined;
			let outputs: IDataObject[] | undefined;
			try {
				records = await recordsFor(tenant, plan, itemIndex, answers);
				outputs = outputOf(plan, records);
				return [itemIndex, plan.step ? await plan.step(tenant.context.helpers, records, outputs) : outputs.map((json) => ({ json }))];
			} catch (error) {
				// Once Admintotal answered a write, its record exists: what fails after (the file, Simplify) must not hide it.
				if (plan.effect && records !== undefined) {
					return [itemIndex, new WrittenThenFailed(tenant.context.getNode(), plan.effect, records[0] ?? {}, (outputs ?? records)[0] ?? {}, error as Error, itemIndex)];
				}
				return [itemIndex, error as Error];
			}
		}),
	);
	return new Map(outcomes);
}

type Answers = Map<string, IDataObject[] | Error>;

/** The answers to every lookup of the batch, in the fewest round trips (lookUpEach, tenant/lists.ts). */
async function lookUpTogether(tenant: Tenant, planned: Array<{ plan: ItemPlan; itemIndex: number }>): Promise<Answers> {
	const lookups = planned.filter(({ plan }) => plan.lookup !== undefined);
	if (lookups.length === 0) return new Map();
	const [{ plan, itemIndex }] = lookups;
	const values = lookups.map((entry) => (entry.plan.lookup as { value: string }).value);
	return await lookUpEach(tenant, plan.request, plan.lookup!, values, itemIndex);
}

async function recordsFor(tenant: Tenant, plan: ItemPlan, itemIndex: number, answers: Answers): Promise<IDataObject[]> {
	// A plan answered without asking (a generic RFC) has no records: its output step answers from the values.
	if (plan.answered) return [];
	if (plan.lookup) {
		const answer = answers.get(plan.lookup.value) ?? [];
		if (answer instanceof Error) throw ownError(answer, itemIndex);
		return answer;
	}
	if (plan.kind === 'list') return await readList(tenant, plan.request, itemIndex, plan.reading);
	return recordsOf((await sendRequest(tenant, plan.request, { itemIndex, effect: plan.effect })).body);
}

/** An item's output: its records, simplified when Simplify is on, then through the operation's own step. */
function outputOf(plan: ItemPlan, records: IDataObject[]): IDataObject[] {
	const { simplify, output } = plan;
	const shaped = simplify ? records.map((record) => shapeRecord(record, simplify)) : records;
	return output ? output(shaped, plan.values) : shaped;
}

/** The same error, naming another item (the one whose answer it is). */
function ownError(error: Error, itemIndex: number): Error {
	if (!(error instanceof NodeApiError || error instanceof NodeOperationError)) return error;
	const own = Object.create(Object.getPrototypeOf(error) as object, Object.getOwnPropertyDescriptors(error)) as typeof error;
	own.context = { ...error.context, itemIndex };
	if (typeof own.description === 'string') own.description = own.description.replace(/\bitem \d+\)$/, `item ${itemIndex})`);
	return own;
}

/** A write Admintotal did after which the output failed (its CFDI file, …): done all the same, its ID in the message Continue keeps. */
class WrittenThenFailed extends NodeOperationError {
	readonly id: string | undefined;

	constructor(
		node: INode,
		effect: WriteEffect,
		record: IDataObject,
		/** What the item would have output, without what failed. */
		readonly output: IDataObject,
		cause: Error,
		itemIndex: number,
	) {
		const id = typeof record.id === 'number' || typeof record.id === 'string' ? String(record.id) : undefined;
		const done = `${effect === 'created' ? 'The record was created' : 'The change was applied'} in Admintotal${id === undefined ? '' : ` (ID ${id})`}`;
		super(node, `${done}, but what came after failed: ${cause.message}`, { itemIndex, description: `It is done: leave item ${itemIndex} out before running again.` });
		this.id = id;
	}
}

/** A write's error, with the run's items done (with their IDs) and those whose outcome is unknown; its own unknown is in its message. */
function withWhatWasWritten(outcomes: Outcome[], failedItem: number): Error {
	const error = outcomes[failedItem] as Error & { description?: string | null };
	const done: string[] = [];
	const unknown: number[] = [];
	let effect = 'created';
	outcomes.forEach((outcome, itemIndex) => {
		if (outcome instanceof WrittenThenFailed) {
			// The failed item's own message names its record.
			if (itemIndex !== failedItem) done.push(outcome.id === undefined ? `item ${itemIndex}` : `item ${itemIndex} (ID ${outcome.id})`);
			return;
		}
		if (!(outcome instanceof Error)) {
			const id = outcome[0]?.json.id;
			done.push(typeof id === 'number' || typeof id === 'string' ? `item ${itemIndex} (ID ${String(id)})` : `item ${itemIndex}`);
			return;
		}
		const unknownEffect = unknownWriteOf(outcome);
		if (unknownEffect) {
			unknown.push(itemIndex);
			effect = unknownEffect;
		}
	});
	if (done.length === 0 && unknown.every((itemIndex) => itemIndex === failedItem)) return error;
	const lines: string[] = [];
	if (done.length > 0) lines.push(`Already done in Admintotal before this failure: ${done.join(', ')}.`);
	if (unknown.length > 0) {
		lines.push(`Outcome unknown: ${unknown.map((itemIndex) => `item ${itemIndex}`).join(', ')} may have been ${effect}; check Admintotal before running again.`);
		lines.push(
			"They are not in the node's output because the node stopped. Before running again, leave out the items done and those you find in Admintotal, " +
				"or set On Error to Continue to get every item's result.",
		);
	} else {
		lines.push("They are not in the node's output because the node stopped; leave them out before running again, or set On Error to Continue to get every item's result.");
	}
	const note = lines.join('\n');
	error.description = error.description ? `${error.description}\n${note}` : note;
	return error;
}
