/*
 * Runs the polling trigger the way n8n's active workflows do: one Workflow object kept between
 * ticks (its static data lives on, in memory), a PollContext built by n8n-core for each poll, and
 * the node's `poll` called through it. What n8n writes to its database is tracked too: the static
 * data is saved after the activation poll and after every poll that emits items (n8n 2.x
 * active-workflow-manager and trigger-execution-context.factory), so `restart()` starts a new
 * Workflow from what a restarted n8n would read back.
 */
import type { IDataObject, INode, INodeExecutionData, IWorkflowExecuteAdditionalData, WorkflowActivateMode, WorkflowExecuteMode } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { PollContext } from 'n8n-core';

import { HarnessCredentialsHelper, type StoredCredential } from './credentials-helper';
import { CREDENTIAL_TYPE } from './engine';
import { PACKAGE_NAME, loadPackage } from './package';

export const POLLING_TRIGGER = 'admintotalPollingTrigger';
/** The tenant's timezone, as the workflow's settings give it. */
export const TENANT_TIMEZONE = 'America/Mexico_City';

export interface PollResult {
	/** What the poll emitted; [] when it returned nothing (n8n then starts no execution). */
	json: IDataObject[];
	/** The emitted items with their binary data, when a test needs more than the JSON. */
	items?: INodeExecutionData[];
	error?: Error;
}

export interface PollingTriggerOptions {
	parameters: Record<string, unknown>;
	credential: StoredCredential;
}

export class PollingTrigger {
	/** The workflow's static data as n8n last wrote it to the database. */
	saved: IDataObject = {};
	private workflow!: Workflow;
	private node: INode;
	private activated = false;
	private timezone = TENANT_TIMEZONE;

	constructor(private readonly options: PollingTriggerOptions) {
		this.node = {
			id: '00000000-0000-4000-8000-0000000000a1',
			name: 'Admintotal Polling Trigger',
			type: `${PACKAGE_NAME}.${POLLING_TRIGGER}`,
			typeVersion: 1,
			position: [0, 0],
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...options.parameters } as INode['parameters'],
			credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Admintotal sandbox' } },
		};
	}

	/** The node's static data as it is in memory now. */
	get memory(): IDataObject {
		return this.workflow?.getStaticData('node', this.node) ?? {};
	}

	/** The node's part of what is saved, as JSON (what its size is measured on). */
	get savedNodeJson(): string {
		return JSON.stringify(this.saved[`node:${this.node.name}`] ?? {});
	}

	/** Changes the node's parameters, as an edit of the active workflow does (n8n then activates it again). */
	edit(parameters: Record<string, unknown>) {
		this.node = { ...this.node, parameters: { ...this.node.parameters, ...parameters } as INode['parameters'] };
		this.activated = false;
	}

	/** Changes the workflow's timezone (Settings → Timezone), an edit of the active workflow too. */
	setTimezone(timezone: string) {
		this.timezone = timezone;
		this.activated = false;
	}

	/** A restarted n8n: a new Workflow from the saved static data, activated again by its next poll. */
	restart() {
		this.activated = false;
	}

	/** One tick; the first after construction, edit() or restart() is the activation poll. */
	async poll(mode: WorkflowExecuteMode = 'trigger'): Promise<PollResult> {
		const activation: WorkflowActivateMode = this.activated ? 'update' : 'activate';
		// Fetch Test Event (manual) runs on the active workflow's memory, or on what was saved.
		if ((!this.activated && mode !== 'manual') || this.workflow === undefined) await this.load();
		const context = await this.context(mode, activation);
		const pkg = await loadPackage();
		const nodeType = pkg.node(POLLING_TRIGGER);
		let output: INodeExecutionData[][] | null;
		try {
			output = await nodeType.poll!.call(context);
		} catch (error) {
			return { json: [], error: error as Error };
		}
		const json = (output?.[0] ?? []).map((item) => item.json);
		if (mode !== 'manual') {
			if (!this.activated || json.length > 0) this.save();
			this.activated = true;
		}
		return { json, ...(output?.[0]?.some((item) => item.binary) ? { items: output[0] } : {}) };
	}

	private save() {
		this.saved = structuredClone(JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject);
	}

	private async load() {
		const pkg = await loadPackage();
		this.workflow = new Workflow({
			id: 'harnessPollWf01',
			name: 'polling harness',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes: pkg.nodeTypes,
			staticData: structuredClone(this.saved),
			settings: { executionOrder: 'v1', timezone: this.timezone },
		});
	}

	private async context(mode: WorkflowExecuteMode, activation: WorkflowActivateMode): Promise<PollContext> {
		const pkg = await loadPackage();
		const helper = new HarnessCredentialsHelper(pkg.credential, this.options.credential);
		const additionalData = { credentialsHelper: helper, executionId: 'harness-poll', variables: {} } as unknown as IWorkflowExecuteAdditionalData;
		const node = this.workflow.getNode(this.node.name) as INode;
		return new PollContext(this.workflow, node, additionalData, mode, activation);
	}
}
