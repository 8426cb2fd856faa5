import { defineOperation } from '../shared/operation/define';

export const getManyUsers = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many users',
	description: 'Retrieve a list of users',
	kind: 'list',
	path: '/usuarios/',
});
