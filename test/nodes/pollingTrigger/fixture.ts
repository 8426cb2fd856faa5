/* The polling trigger against one sandbox per file: a trigger per test, the tenant's today, and what a poll asked. */
import { credentialFor } from '../../harness/engine';
import { PollingTrigger, TENANT_TIMEZONE } from '../../harness/poll';
import { DEMO } from '../../sandbox';
import type { RecordedRequest } from '../../sandbox/types';
import { API, type SandboxFixture } from '../fixture';

const DAY_MS = 86_400_000;

export function tenantDay(daysFromToday = 0, now = Date.now()): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: TENANT_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now + daysFromToday * DAY_MS);
}

export function triggerFor(fixture: SandboxFixture, parameters: Record<string, unknown>): PollingTrigger {
	return new PollingTrigger({ parameters, credential: credentialFor({ baseUrl: fixture.sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }) });
}

/** Method, path and query of each request to the API, in order. */
export function asked(requests: RecordedRequest[]): Array<[string, string, Record<string, string>]> {
	return requests.map((request) => [request.method, request.path.replace(API, ''), request.query]);
}

/** Only Date is faked: the sandbox and n8n-core keep their real timers. */
export function fakeDateOnly(now: number) {
	jest.useFakeTimers({
		now,
		doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
	});
}
