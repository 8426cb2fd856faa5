/** A server for the tests of one file: started before them, reset before each, closed after. */
export function perFile<T extends { close(): Promise<void> }>(start: () => Promise<T>, reset: (server: T) => void): () => T {
	let started: T | undefined;
	beforeAll(async () => {
		started = await start();
	});
	afterAll(async () => {
		await started?.close();
	});
	beforeEach(() => {
		if (started) reset(started);
	});
	return () => {
		if (!started) throw new Error('the server has not started');
		return started;
	};
}
