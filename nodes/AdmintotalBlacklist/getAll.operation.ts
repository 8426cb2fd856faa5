import { catalogField, collection, scalarField, textField } from '../shared/fields/field';
import type { Grammar } from '../shared/fields/grammars';
import { normalizeRfc, scalarText } from '../shared/fields/grammars';
import { defineOperation } from '../shared/operation/define';
import { BLACKLIST_TYPE } from './blacklistType';

/** The RFC filter matches whole or partial RFCs, written the way the SAT writes them. */
const rfcText: Grammar<string> = (raw, { fail }) => normalizeRfc(scalarText(raw, fail)) || undefined;

export const getManyBlacklistEntries = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many SAT blacklist entries',
	description: 'Retrieve a list of blacklisted taxpayers, optionally by type, RFC or name',
	kind: 'list',
	path: '/listanegra/',
	fields: [
		collection({ displayName: 'Filters', name: 'filters', placeholder: 'Add Filter' }, [
			textField({
				name: 'name',
				displayName: 'Name',
				apiName: 'nombre',
				description: 'Only taxpayers whose company name matches this text (nombre)',
				placeholder: 'e.g. Comercializadora',
			}),
			scalarField(rfcText)({
				name: 'rfc',
				displayName: 'RFC',
				apiName: 'rfc',
				placeholder: 'e.g. ABC680524P76',
				description: 'Only entries with this RFC (rfc); to test one RFC and always get an answer, use the Check RFC operation',
			}),
			catalogField({ name: 'type', displayName: 'Type', apiName: 'tipo', description: 'Only entries of this type (tipo)' }, BLACKLIST_TYPE),
		]),
	],
});
