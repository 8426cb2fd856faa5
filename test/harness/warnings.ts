/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * What nodes write to n8n's log as warnings (`this.logger.warn`), read from the logger n8n-core
 * hands to node contexts (its own copy of @n8n/di, so resolved from n8n-core).
 */
import { createRequire } from 'node:module';

const fromCore = createRequire(require.resolve('n8n-core'));
const { Container } = fromCore('@n8n/di') as { Container: { get: (token: unknown) => { warn: (message: string) => void } } };
const { Logger } = fromCore('@n8n/backend-common') as { Logger: unknown };

/** Collects warnings until `stop()` (n8n does not print them meanwhile). */
export function collectWarnings(): { messages: string[]; stop: () => void } {
	const messages: string[] = [];
	const spy = jest.spyOn(Container.get(Logger), 'warn').mockImplementation((message: string) => {
		messages.push(message);
	});
	return { messages, stop: () => spy.mockRestore() };
}
