/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/*
 * A webhook trigger of the package served over real HTTP, each request handled as n8n 2.x handles
 * a production webhook (packages/cli webhooks/live-webhooks.ts, webhook-helpers.ts, body-parser.ts):
 * - the workflow and its static data are read per request, before the body; overlapping deliveries
 *   each work on the copy they read, and the last save wins;
 * - the body is parsed by Content-Type (JSON, text, form; typeVersion 2 and later leave any other
 *   type unread until the node reads it); malformed application/json is answered 422 by n8n itself;
 * - static data is saved when the node changed it, when the answer is sent; a delivery that starts a
 *   workflow (responseMode onReceived) is answered after the run is set up, whose Workflow wraps the
 *   same static data and clears its change flag, so what the node changed is then not saved;
 * - `workflowData` → 200 and a run; `noWebhookResponse` → the node's own answer; neither → 200
 *   "Webhook call received"; the node throwing → 500 "Workflow could not be started!".
 * Activation and deactivation run checkExists/create/delete in HookContext, in n8n's modes, with the
 * delete n8n runs when an activation fails.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseQueryString } from 'node:querystring';
import type { Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';

import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IWebhookData,
	IWebhookDescription,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { HookContext, WebhookContext } from 'n8n-core';

import { HarnessCredentialsHelper, type StoredCredential } from './credentials-helper';
import { additionalDataFor } from './engine';
import { PACKAGE_NAME, loadPackage } from './package';

export interface TriggerSetup {
	parameters: INodeParameters;
	/** Stored credentials the node has, at most one per type. */
	credentials?: StoredCredential[];
	/** The node's typeVersion as saved in the workflow, default 1. */
	typeVersion?: number;
}

/** One HTTP request the trigger's URL received, and what was answered. */
export interface Delivery {
	headers: http.IncomingHttpHeaders;
	responseHeaders: http.OutgoingHttpHeaders;
	/** The node threw (n8n answers 500). */
	error?: Error;
}

export interface StartedWorkflow {
	items: INodeExecutionData[];
	json: IDataObject[];
}

/** Each harness is its own workflow, so what a node keeps per workflow in the process stays apart. */
let workflowCount = 0;
const NODE_NAME = 'Admintotal Trigger';
const NODE_TYPE = 'admintotalTrigger';
const NOT_STARTED_MESSAGE = 'Workflow Webhook Error: Workflow could not be started!';

type ExpressLikeResponse = http.ServerResponse & {
	status(code: number): ExpressLikeResponse;
	set(name: string, value: string | string[]): ExpressLikeResponse;
	header(name: string, value: string | string[]): ExpressLikeResponse;
	json(body: unknown): ExpressLikeResponse;
	send(body?: unknown): ExpressLikeResponse;
	sendStatus(code: number): ExpressLikeResponse;
	locals: IDataObject;
};

type ExpressLikeRequest = http.IncomingMessage & {
	body: unknown;
	rawBody: Buffer;
	query: IDataObject;
	params: IDataObject;
	path: string;
	contentType?: string;
	encoding?: BufferEncoding;
	readRawBody(): Promise<void>;
};

export class TriggerHarness {
	/** Every request received, in order. */
	readonly deliveries: Delivery[] = [];
	/** Every workflow execution a delivery started, in order. */
	readonly executions: StartedWorkflow[] = [];
	/** How many times static data was saved (as n8n writes it to the database). */
	staticDataSaves = 0;

	/** The workflow's static data column: null until something was saved, as in n8n's database. */
	private savedStaticData: IDataObject | null = null;
	private parameters: INodeParameters;
	private server?: http.Server;
	private baseUrl = '';
	private nodeType!: INodeType;
	private nodeTypes!: Awaited<ReturnType<typeof loadPackage>>['nodeTypes'];
	private shelf!: HarnessCredentialsHelper;
	private readonly pending = new Set<Promise<void>>();
	private readonly workflowId = `triggerHarnessWf${++workflowCount}`;
	private overlap?: { count: number; arrived: number; released: Promise<void>; release: () => void; savesInReverse: boolean; held: Array<() => void> };

	private constructor(private readonly setup: TriggerSetup) {
		this.parameters = { ...setup.parameters };
	}

	/** Loads the package from dist/, starts the HTTP server on 127.0.0.1 (free port). */
	static async start(setup: TriggerSetup): Promise<TriggerHarness> {
		const harness = new TriggerHarness(setup);
		await harness.listen();
		return harness;
	}

	/** The production URL to paste in Admintotal (`<base>/webhook/<webhookId>/webhook`). */
	get url(): string {
		const node = this.node();
		const description = this.webhookDescription();
		return `${this.baseUrl}/webhook/${node.webhookId}/${description.path}`;
	}

	/** The workflow's static data as last saved (a copy). */
	get staticData(): IDataObject {
		return clone(this.savedStaticData ?? {});
	}

	/** The static data of the trigger node (`getWorkflowStaticData('node')`), as last saved. */
	get nodeStaticData(): IDataObject {
		return (this.savedStaticData?.[`node:${NODE_NAME}`] as IDataObject | undefined) ?? {};
	}

	/** Items of every started execution, flattened. */
	get startedItems(): IDataObject[] {
		return this.executions.flatMap((execution) => execution.json);
	}

	/** Changes node parameters, as a user editing the node before saving and re-activating. */
	setParameters(changes: INodeParameters): void {
		this.parameters = { ...this.parameters, ...changes };
	}

	/** Replaces the saved static data, as when a workflow is imported with the static data it had. */
	importStaticData(data: IDataObject): void {
		this.savedStaticData = clone(data);
	}

	/**
	 * The next `count` requests all read the static data before any of them runs the node: the
	 * worst case of overlapping deliveries in n8n, made certain rather than left to timing. With
	 * `savesInReverse`, their saves land in the reverse order of their answers, as database writes
	 * of overlapping requests may: the first delivery's copy is saved last.
	 */
	overlapNext(count: number, { savesInReverse = false } = {}): void {
		let release = () => {};
		const released = new Promise<void>((resolve) => (release = resolve));
		this.overlap = { count, arrived: 0, released, release, savesInReverse, held: [] };
	}

	/** Activation of the workflow: checkExists (what it answered: `existed`), then create when it answered false. */
	async activate(): Promise<{ existed: boolean; created: boolean }> {
		const workflow = this.workflow();
		const webhookData = this.webhookData(workflow);
		try {
			const existed = (await this.runLifecycle('checkExists', workflow, webhookData, 'trigger', 'activate')) === true;
			if (!existed) await this.runLifecycle('create', workflow, webhookData, 'trigger', 'activate');
			this.saveStaticData(workflow);
			return { existed, created: !existed };
		} catch (error) {
			// n8n removes the webhooks of a workflow whose activation failed (clearWebhooks).
			await this.deactivate();
			// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- the node's own error must reach the test unchanged
			throw error;
		}
	}

	/** Deactivation: n8n's clearWebhooks runs delete on a workflow loaded from the database. */
	async deactivate(): Promise<void> {
		const workflow = this.workflow();
		await this.runLifecycle('delete', workflow, this.webhookData(workflow), 'internal', 'update');
		this.saveStaticData(workflow);
	}

	async close(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		if (!server) return;
		await Promise.allSettled([...this.pending]);
		await new Promise<void>((resolve, reject) => {
			server.close((error) => (error ? reject(error) : resolve()));
			server.closeAllConnections();
		});
	}

	// ---- internals ----

	private async listen(): Promise<void> {
		const pkg = await loadPackage();
		this.nodeType = pkg.node(NODE_TYPE);
		this.nodeTypes = pkg.nodeTypes;
		this.shelf = new HarnessCredentialsHelper(pkg.credential, this.setup.credentials ?? []);
		if (!this.nodeType.webhook || !this.nodeType.description.webhooks?.length) throw new Error('The node has no webhook');
		const server = http.createServer((req, res) => {
			const handling = this.handle(req as ExpressLikeRequest, res as ExpressLikeResponse).catch((error: Error) => {
				if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
				res.end(`Harness failure: ${error.message}`);
			});
			this.pending.add(handling);
			void handling.finally(() => this.pending.delete(handling));
		});
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(0, '127.0.0.1', () => resolve());
		});
		this.server = server;
		this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	}

	private async handle(req: ExpressLikeRequest, res: ExpressLikeResponse): Promise<void> {
		const url = new URL(req.url ?? '/', this.baseUrl);
		const delivery: Delivery = { headers: req.headers, responseHeaders: {} };
		expressLikeResponse(res);
		const finish = (status?: number, body?: unknown) => {
			if (status !== undefined && !res.writableEnded) res.status(status).json(body);
			delivery.responseHeaders = res.getHeaders();
			this.deliveries.push(delivery);
		};

		if (req.method !== 'POST' || `${this.baseUrl}${url.pathname}` !== this.url) {
			return finish(404, { code: 404, message: `The requested webhook "${req.method} ${url.pathname}" is not registered.` });
		}

		// One object read from the database, shared by the webhook's Workflow and the run's, as in n8n,
		// which reads the workflow before the body and awaits more I/O before the node runs: overlapping
		// deliveries each work on the copy they read, and the last save wins.
		const storedStaticData = this.readStaticData();
		expressLikeRequest(req, url);
		const parseFailure = await parseBodyLikeN8n(req, this.node().typeVersion);
		if (parseFailure !== undefined) {
			return finish(422, { code: 422, message: 'Failed to parse request body', hint: parseFailure });
		}
		const overlap = this.overlap;
		if (overlap && ++overlap.arrived === overlap.count) {
			this.overlap = undefined;
			overlap.release();
		}
		await (overlap?.released ?? new Promise((resolve) => setImmediate(resolve)));
		const workflow = this.workflow(storedStaticData);
		const webhookData = this.webhookData(workflow);
		const additionalData = { ...webhookData.workflowExecuteAdditionalData, httpRequest: req, httpResponse: res } as IWorkflowExecuteAdditionalData;
		const context = new WebhookContext(workflow, workflow.getNode(NODE_NAME)!, additionalData, 'webhook', webhookData, [], null);
		let result: IWebhookResponseData;
		try {
			result = await this.nodeType.webhook!.call(context);
		} catch (error) {
			delivery.error = error as Error;
			return finish(500, { code: 0, message: NOT_STARTED_MESSAGE });
		}

		const save = () => {
			if (!overlap?.savesInReverse) return this.saveStaticData(workflow);
			const copy = { ...clone(workflow.staticData), __dataChanged: (workflow.staticData as IDataObject).__dataChanged };
			overlap.held.push(() => this.saveStaticData({ staticData: copy }));
			if (overlap.held.length === overlap.count) overlap.held.reverse().forEach((held) => held());
		};
		if (result.workflowData !== undefined) {
			const items = result.workflowData[0] ?? [];
			if (result.noWebhookResponse === true) save();
			// The run (WorkflowRunner.run) builds its Workflow from the same stored static data.
			this.workflow(storedStaticData);
			if (result.noWebhookResponse !== true) save();
			this.executions.push({ items, json: items.map((item) => item.json) });
			if (result.noWebhookResponse === true) return finish();
			// n8n answers an onReceived webhook with its responseData, falling back to the word "firstEntryJson";
			// an empty responseData gives the standard message (verified in n8n 2.8.4 and 2.41.1 by the e2e suite).
			const responseData = this.nodeType.description.webhooks?.[0]?.responseData;
			if (responseData === undefined) return finish(200, 'firstEntryJson');
			if (responseData !== '') return finish(200, responseData as string);
			return finish(200, { message: 'Workflow was started' });
		}
		save();
		if (result.noWebhookResponse === true) {
			if (!res.writableEnded) throw new Error('The node claimed to answer but left the response open');
			return finish();
		}
		return finish(200, result.webhookResponse ?? { message: 'Webhook call received' });
	}

	private node(): INode {
		return {
			id: '00000000-0000-4000-8000-00000000a001',
			name: NODE_NAME,
			type: `${PACKAGE_NAME}.${NODE_TYPE}`,
			typeVersion: this.setup.typeVersion ?? 1,
			position: [0, 0],
			parameters: clone(this.parameters) as INodeParameters,
			credentials: this.shelf.nodeCredentials(),
			webhookId: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
		};
	}

	/** The static data column as n8n reads it for one request: a fresh object, or nothing yet. */
	private readStaticData(): IDataObject | undefined {
		return this.savedStaticData === null ? undefined : clone(this.savedStaticData);
	}

	/** A fresh Workflow over static data read back from "the database", as n8n builds one per request. */
	private workflow(staticData = this.readStaticData()): Workflow {
		return new Workflow({
			id: this.workflowId,
			name: 'Admintotal Trigger harness',
			nodes: [this.node()],
			connections: {},
			active: true,
			nodeTypes: this.nodeTypes,
			staticData,
			settings: { executionOrder: 'v1' },
		});
	}

	private webhookDescription(): IWebhookDescription {
		return this.nodeType.description.webhooks![0];
	}

	private webhookData(workflow: Workflow): IWebhookData {
		const description = this.webhookDescription();
		const node = workflow.getNode(NODE_NAME)!;
		return {
			httpMethod: description.httpMethod as IWebhookData['httpMethod'],
			node: NODE_NAME,
			path: `${node.webhookId}/${description.path}`,
			webhookDescription: description,
			workflowId: this.workflowId,
			workflowExecuteAdditionalData: additionalDataFor(this.shelf, this.baseUrl),
			webhookId: node.webhookId,
		};
	}

	private async runLifecycle(
		method: 'checkExists' | 'create' | 'delete',
		workflow: Workflow,
		webhookData: IWebhookData,
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
	): Promise<boolean | undefined> {
		const hook = this.nodeType.webhookMethods?.[webhookData.webhookDescription.name]?.[method];
		if (!hook) return undefined;
		const context = new HookContext(workflow, workflow.getNode(NODE_NAME)!, webhookData.workflowExecuteAdditionalData, mode, activation, webhookData);
		return await hook.call(context);
	}

	/** n8n's WorkflowStaticDataService.saveStaticData: written only when marked changed. */
	private saveStaticData(workflow: Pick<Workflow, 'staticData'>): void {
		if ((workflow.staticData as IDataObject).__dataChanged !== true) return;
		this.savedStaticData = clone({ ...workflow.staticData, __dataChanged: undefined });
		this.staticDataSaves++;
	}
}

function clone<T>(value: T): T {
	return JSON.parse(JSON.stringify(value ?? {})) as T;
}

/** Media type and charset of a Content-Type header, as n8n-core's parseIncomingMessage reads it. */
function contentTypeOf(header: string | undefined): { type?: string; charset?: BufferEncoding } {
	if (!header) return {};
	const [type, ...parameters] = header.split(';');
	let charset = 'utf-8';
	for (const parameter of parameters) {
		const [key, value] = parameter.split('=');
		if (key?.trim().toLowerCase() === 'charset' && value) charset = value.trim().replace(/^"|"$/g, '').toLowerCase();
	}
	return { type: type.trim().toLowerCase(), charset: charset as BufferEncoding };
}

async function readRawBody(req: http.IncomingMessage): Promise<Buffer> {
	let stream: Readable = req;
	const encoding = req.headers['content-encoding'];
	if (encoding === 'gzip') stream = req.pipe(createGunzip());
	if (encoding === 'deflate') stream = req.pipe(createInflate());
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
	return Buffer.concat(chunks);
}

function expressLikeRequest(req: ExpressLikeRequest, url: URL): void {
	const { type, charset } = contentTypeOf(req.headers['content-type']);
	req.contentType = type;
	req.encoding = charset ?? 'utf-8';
	req.path = url.pathname;
	req.query = Object.fromEntries(url.searchParams.entries());
	req.params = {};
	req.body = undefined;
	// n8n's rawBodyReader: the body is read when something asks for it.
	req.readRawBody = async () => {
		req.rawBody ??= await readRawBody(req);
	};
}

/**
 * n8n's parseRequestBody; returns the parser's message when it would answer 422. For a node of
 * typeVersion 1 the body is always read and parsed; for later versions only JSON, text, form and
 * XML bodies are, and any other body is left unread until the node calls `req.readRawBody()`.
 */
async function parseBodyLikeN8n(req: ExpressLikeRequest, typeVersion: number): Promise<string | undefined> {
	const type = req.contentType ?? '';
	const parsed = ['application/json', 'text/plain', 'application/x-www-form-urlencoded'].some((prefix) => type.startsWith(prefix)) || /[/+]xml$/.test(type);
	if (typeVersion > 1 && !parsed) return undefined;
	await req.readRawBody();
	if (req.rawBody.length === 0) return undefined;
	try {
		const text = req.rawBody.toString(req.encoding);
		if (req.contentType === 'application/json') req.body = JSON.parse(text) as unknown;
		else if (req.contentType === 'application/x-www-form-urlencoded') req.body = { ...parseQueryString(text, undefined, undefined, { maxKeys: 1000 }) };
		else if (req.contentType === 'text/plain') req.body = text;
		// XML (which n8n also parses) is not emulated: the body stays undefined, the raw text is kept.
	} catch (error) {
		return (error as Error).message;
	}
	return undefined;
}

/** The parts of express's Response that nodes use, on the real Node response. */
function expressLikeResponse(res: ExpressLikeResponse): void {
	const nativeEnd = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
	const write = (body: string | Buffer, contentType: string) => {
		if (res.writableEnded) return res;
		if (!res.hasHeader('content-type')) res.setHeader('content-type', contentType);
		nativeEnd(body);
		return res;
	};
	res.locals = {};
	res.status = (code) => {
		res.statusCode = code;
		return res;
	};
	res.set = res.header = (name, value) => {
		res.setHeader(name, value);
		return res;
	};
	res.json = (body) => write(JSON.stringify(body), 'application/json; charset=utf-8');
	res.send = (body) => {
		if (body === undefined) return write('', 'text/html; charset=utf-8');
		if (Buffer.isBuffer(body)) return write(body, 'application/octet-stream');
		if (typeof body === 'string') return write(body, 'text/html; charset=utf-8');
		return res.json(body);
	};
	res.sendStatus = (code) => res.status(code).send(http.STATUS_CODES[code] ?? String(code));
	// express tolerates end() after send(); the native response would emit "write after end".
	res.end = ((...args: unknown[]) => (res.writableEnded ? res : nativeEnd(...args))) as typeof res.end;
}
