import { asJson, sandboxPerFile } from '../fixture';
import { itPagesLikeTheApi } from '../listing';

const PAGE_MAX = 4;

describe('Admintotal User: Get Many', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const users = () => fixture.sandbox.store.usuarios;

	itPagesLikeTheApi({
		fixture,
		node: 'admintotalUser',
		resource: 'user',
		path: '/usuarios/',
		records: users,
		pageMax: PAGE_MAX,
		noun: 'users',
	});

	it('returns each user as the API sends it, roles and profile included (seven fields, so no Simplify)', async () => {
		const run = await fixture.run('admintotalUser', { resource: 'user', operation: 'getAll', returnAll: true });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(asJson(users()));
	});
});
