import { defineOperation } from '../shared/operation/define';
import { SIMPLIFIED_PROSPECT } from './simplified';

export const getManyProspects = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many prospects',
	description: 'Retrieve a list of prospects',
	kind: 'list',
	path: '/prospectos/',
	simplify: SIMPLIFIED_PROSPECT,
});
