/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * A scripted stand-in for an OpenAI-compatible chat-completions endpoint, on 127.0.0.1. No
 * language model is reachable from the test machines, so a script decides each answer from the
 * conversation n8n sends: tool calls first, then a final answer built from the tool results it was
 * sent back. Every request is recorded, so a test can read the tool schemas and the tool results
 * exactly as a real model would have received them.
 *
 * n8n's OpenAI Chat Model node points here through its credential's Base URL (`<url>/v1`).
 */
import { randomUUID } from 'crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';

/** One function tool as the OpenAI API receives it. */
export interface ChatTool {
	type: 'function';
	function: { name: string; description?: string; parameters?: { type?: string; properties?: Record<string, { type?: string; description?: string }>; required?: string[] } };
}

export interface ChatToolCall {
	id: string;
	type: 'function';
	function: { name: string; arguments: string };
}

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: ChatToolCall[];
	tool_call_id?: string;
	name?: string;
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: ChatTool[];
	stream?: boolean;
	[key: string]: unknown;
}

/** What the script answers: tool calls (arguments as objects) or a final text. */
export type ScriptedReply = { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> } | { content: string };

/** Decides the next answer; throwing answers 400 with the message, so a wrong turn fails the run visibly. */
export type Script = (request: ChatRequest) => ScriptedReply;

export interface ScriptedModel {
	/** `http://127.0.0.1:<port>`; the OpenAI credential's Base URL is `${url}/v1`. */
	readonly url: string;
	/** Every chat-completions request body, in order. */
	readonly requests: ChatRequest[];
	/** What the script could not answer (also sent back as 400). */
	readonly refusals: string[];
	close(): Promise<void>;
}

/** The text of a message, whether sent as a string or as content parts. */
export function textOf(message: ChatMessage): string {
	if (typeof message.content === 'string') return message.content;
	if (Array.isArray(message.content)) return message.content.map((part) => part.text ?? '').join('');
	return '';
}

export async function startScriptedModel(script: Script, options: { model?: string } = {}): Promise<ScriptedModel> {
	const requests: ChatRequest[] = [];
	const refusals: string[] = [];
	const model = options.model ?? 'scripted-model';

	const server = createServer((request, response) => {
		void handle(request, response).catch((error: unknown) => send(response, 500, { error: { message: String(error) } }));
	});

	async function handle(request: IncomingMessage, response: ServerResponse) {
		const path = (request.url ?? '').split('?')[0];
		if (request.method === 'GET' && path === '/v1/models') {
			send(response, 200, { object: 'list', data: [{ id: model, object: 'model', created: 0, owned_by: 'test' }] });
			return;
		}
		if (request.method !== 'POST' || path !== '/v1/chat/completions') {
			send(response, 404, { error: { message: `no route ${request.method} ${path}` } });
			return;
		}
		const body = JSON.parse(await readBody(request)) as ChatRequest;
		requests.push(body);
		let reply: ScriptedReply;
		try {
			reply = script(body);
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error);
			refusals.push(message);
			send(response, 400, { error: { message, type: 'invalid_request_error' } });
			return;
		}
		const message =
			'toolCalls' in reply
				? {
						role: 'assistant',
						content: null,
						tool_calls: reply.toolCalls.map((call) => ({ id: `call_${randomUUID().slice(0, 8)}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } })),
					}
				: { role: 'assistant', content: reply.content };
		const finishReason = 'toolCalls' in reply ? 'tool_calls' : 'stop';
		if (body.stream) {
			streamReply(response, body.model, message, finishReason);
			return;
		}
		send(response, 200, {
			id: `chatcmpl-${randomUUID()}`,
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model: body.model,
			choices: [{ index: 0, message, finish_reason: finishReason }],
			usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
		});
	}

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		refusals,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** The same answer as server-sent events, for a client that asked to stream. */
function streamReply(response: ServerResponse, model: string, message: Record<string, unknown>, finishReason: string) {
	const id = `chatcmpl-${randomUUID()}`;
	const chunk = (delta: Record<string, unknown>, finish: string | null) =>
		`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
	const calls = (message.tool_calls as ChatToolCall[] | undefined)?.map((call, index) => ({ index, ...call }));
	response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
	response.write(chunk(calls ? { role: 'assistant', content: null, tool_calls: calls } : { role: 'assistant', content: message.content }, null));
	response.write(chunk({}, finishReason));
	response.end('data: [DONE]\n\n');
}

function send(response: ServerResponse, status: number, body: unknown) {
	const text = JSON.stringify(body);
	response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
	response.end(text);
}

function readBody(request: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		request.on('error', reject);
	});
}
