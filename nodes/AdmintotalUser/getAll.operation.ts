import { returnAllAndLimit, route, showFor } from '../shared/descriptions';

export const getManyUsers = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many users',
		description: 'Retrieve a list of users',
		routing: route('GET', '/usuarios/'),
	},
	properties: [...returnAllAndLimit(showFor('user', ['getAll']))],
};
