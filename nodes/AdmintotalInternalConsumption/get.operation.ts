import { recordField } from '../shared/fields/record';
import { defineOperation } from '../shared/operation/define';
import { SIMPLIFIED_INTERNAL_CONSUMPTION } from './simplified';

export const getInternalConsumption = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an internal stock consumption',
	description: 'Retrieve an internal consumption document',
	kind: 'read',
	// The spec gives this one path without a trailing slash.
	path: '/movimientos/consumo_interno/{internalConsumptionId}',
	fields: [recordField({ name: 'internalConsumptionId', displayName: 'Internal Consumption', apiName: 'internalConsumptionId', searchListMethod: 'searchInternalConsumptions' })],
	simplify: SIMPLIFIED_INTERNAL_CONSUMPTION,
});
