import { recordField } from '../shared/fields/record';
import { defineOperation } from '../shared/operation/define';
import { SIMPLIFIED_PROSPECT } from './simplified';

export const getProspect = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a prospect',
	description: 'Retrieve a prospect',
	kind: 'read',
	path: '/prospectos/{prospectId}/',
	fields: [recordField({ name: 'prospectId', displayName: 'Prospect', apiName: 'prospectId', searchListMethod: 'searchProspects' })],
	simplify: SIMPLIFIED_PROSPECT,
});
