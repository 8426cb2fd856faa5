import { defineOperation } from '../shared/operation/define';
import { SIMPLIFIED_INTERNAL_CONSUMPTION } from './simplified';

export const getManyInternalConsumptions = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many internal stock consumptions',
	description: 'Retrieve a list of internal consumption documents',
	kind: 'list',
	path: '/movimientos/consumo_interno/',
	simplify: SIMPLIFIED_INTERNAL_CONSUMPTION,
});
