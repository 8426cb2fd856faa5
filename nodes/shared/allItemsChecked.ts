import type { IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/**
 * n8n runs a declarative node's items side by side: item 0's request leaves as soon as item 0's
 * input is checked, so a wrong value in item 2 used to stop the node after items 0 and 1 had
 * already created their records, which then appeared nowhere in the output. Here every item's
 * checks finish first; when one item is wrong, no item sends anything and the node fails with that
 * item's error. Under "On Error: Continue" each item stands alone, as n8n users expect.
 *
 * The engine starts every item's checks in one synchronous loop, so by the next macrotask all of
 * them have begun (with request batching the guarantee holds per batch).
 */

interface Wave {
	/** Checks begun and not yet finished, over all items of the run. */
	running: number;
	failed: boolean;
	whenIdle: Array<() => void>;
}

/** One wave per node run, keyed by the run's execute data (shared by all its items). */
const waves = new WeakMap<object, Wave>();

function waveKey(context: IExecuteSingleFunctions): object | undefined {
	return context.getExecuteData?.() as object | undefined;
}

/** Wraps a pre-send check so that it counts in its run's wave. */
export function checkedWithAllItems(action: PreSendAction): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const key = waveKey(this);
		if (key === undefined || this.continueOnFail()) return await action.call(this, requestOptions);
		const wave = waves.get(key) ?? { running: 0, failed: false, whenIdle: [] };
		waves.set(key, wave);
		wave.running++;
		try {
			return await action.call(this, requestOptions);
		} catch (error) {
			wave.failed = true;
			throw error;
		} finally {
			wave.running--;
			if (wave.running === 0) wave.whenIdle.splice(0).forEach((resume) => resume());
		}
	};
}

/**
 * Called by the transport before an item's first request: waits until every item's checks are done
 * and says whether another item's input was wrong, in which case this item sends nothing.
 */
export async function anotherItemFailedItsChecks(context: IExecuteSingleFunctions): Promise<boolean> {
	const key = waveKey(context);
	const wave = key && waves.get(key);
	if (!wave) return false;
	for (;;) {
		// A macrotask boundary: checks that were about to start (the next pre-send step of an item) have started.
		await sleep(0);
		if (wave.running === 0) break;
		await new Promise<void>((resume) => wave.whenIdle.push(resume));
	}
	return wave.failed;
}
