/**
 * Types and helpers for n8n run data: what `n8n execute --rawOutput` prints and what the public
 * API returns in `data` of an execution read with includeData=true. Only the parts tests use
 * are typed; everything else stays `unknown`.
 */

export type JsonObject = { [key: string]: unknown };

export interface NodeItem {
	json: JsonObject;
	binary?: Record<string, unknown>;
	pairedItem?: unknown;
}

export interface NodeError {
	message?: string;
	description?: string | null;
	name?: string;
	httpCode?: string | null;
	[key: string]: unknown;
}

export interface TaskData {
	startTime?: number;
	executionTime?: number;
	executionStatus?: string;
	data?: { main?: Array<NodeItem[] | null> } & Record<string, unknown>;
	error?: NodeError;
	[key: string]: unknown;
}

export interface RunExecutionData {
	resultData: {
		runData: Record<string, TaskData[]>;
		error?: NodeError;
		lastNodeExecuted?: string;
		[key: string]: unknown;
	};
	[key: string]: unknown;
}

/** The JSON printed by `n8n execute --rawOutput` (an IRun). */
export interface RunJson {
	data: RunExecutionData;
	status?: string;
	finished?: boolean;
	mode?: string;
	startedAt?: string;
	stoppedAt?: string;
	[key: string]: unknown;
}

/** One execution from GET /api/v1/executions (data present with includeData=true). */
export interface ApiExecution {
	id: number | string;
	workflowId: string;
	status: string;
	mode: string;
	finished: boolean;
	data?: RunExecutionData;
	[key: string]: unknown;
}

/**
 * Extract the first complete JSON object from mixed output: n8n prints log lines before the
 * run JSON even with --rawOutput, and may print more after it. Scans from the first line that
 * starts with `{` to the matching closing brace (string-aware); returns undefined when there
 * is no complete object (e.g. the process died while printing).
 */
export function extractJsonObject(text: string): unknown {
	const lines = text.split('\n');
	let offset = 0;
	for (const line of lines) {
		if (line.startsWith('{')) {
			const candidate = scanObject(text, offset);
			if (candidate !== undefined) {
				try {
					return JSON.parse(candidate);
				} catch {
					// not JSON after all: keep looking
				}
			}
		}
		offset += line.length + 1;
	}
	return undefined;
}

function scanObject(text: string, start: number): string | undefined {
	let depth = 0;
	let inString = false;
	let escaped = false;
	for (let i = start; i < text.length; i++) {
		const ch = text[i];
		if (inString) {
			if (escaped) escaped = false;
			else if (ch === '\\') escaped = true;
			else if (ch === '"') inString = false;
			continue;
		}
		if (ch === '"') inString = true;
		else if (ch === '{' || ch === '[') depth++;
		else if (ch === '}' || ch === ']') {
			depth--;
			if (depth === 0) return text.slice(start, i + 1);
		}
	}
	return undefined;
}

export function isRunJson(value: unknown): value is RunJson {
	if (typeof value !== 'object' || value === null) return false;
	const data = (value as { data?: unknown }).data;
	if (typeof data !== 'object' || data === null) return false;
	const resultData = (data as { resultData?: unknown }).resultData;
	return typeof resultData === 'object' && resultData !== null && 'runData' in resultData;
}

/** Output items of a node: runData[node][runIndex].data.main[output] (json only). Throws if the node did not run. */
export function nodeOutput(data: RunExecutionData, nodeName: string, options: { runIndex?: number; output?: number } = {}): JsonObject[] {
	const runs = data.resultData.runData[nodeName];
	if (!runs) {
		throw new Error(`node "${nodeName}" did not run; ran: ${Object.keys(data.resultData.runData).join(', ') || 'nothing'}`);
	}
	const task = runs[options.runIndex ?? 0];
	if (!task) throw new Error(`node "${nodeName}" has no run #${options.runIndex ?? 0}`);
	if (task.error) throw new Error(`node "${nodeName}" failed: ${task.error.message ?? JSON.stringify(task.error)}`);
	const items = task.data?.main?.[options.output ?? 0] ?? [];
	return items.map((item) => item.json);
}
