import type { INodeProperties } from 'n8n-workflow';

import { changedInVersion } from './versions';
import type { Field, FieldSpec } from './field';
import { editorPart } from './field';
import { wholeNumber } from './grammars';

type RecordSpec = Omit<FieldSpec, 'type' | 'default'> & { searchListMethod: string };

/**
 * A record chosen "From list" (searchable, loaded from the API) or "By ID". Its ID goes in the body
 * under `apiName`, or in the path when the operation's path holds `{apiName}`.
 */
export function recordField({ searchListMethod, ...spec }: RecordSpec): Field {
	return {
		properties: [
			{
				...editorPart(spec),
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				required: true,
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: `Select a ${spec.displayName.toLowerCase()}...`,
						typeOptions: { searchListMethod, searchable: true },
					},
					{
						displayName: 'By ID',
						name: 'id',
						type: 'string',
						placeholder: 'e.g. 42',
						validation: [{ type: 'regex', properties: { regex: '^\\s*[0-9]+\\s*$', errorMessage: 'The ID is a whole number' } }],
					},
				],
			} as INodeProperties,
		],
		apiValues: (reader) => ({ [spec.apiName]: reader.read(spec.name, spec.displayName, wholeNumber, { required: true }) }),
		apiNames: [spec.apiName],
	};
}

/** The first node version whose required IDs start empty. */
export const EMPTY_IDS_SINCE = 2;

/** A required numeric ID: version 1 started it at 1, so a forgotten field sent record 1; later versions start it empty. */
export function requiredIdField(spec: Omit<FieldSpec, 'type' | 'default'>): Field {
	const shared = editorPart(spec);
	return {
		properties: changedInVersion(
			EMPTY_IDS_SINCE,
			{ ...shared, required: true, type: 'number', typeOptions: { minValue: 1, numberPrecision: 0 }, default: 1 },
			// Text, because a number field cannot start empty; the reader takes whole numbers only.
			{ ...shared, required: true, type: 'string', default: '', placeholder: 'e.g. 42' },
		),
		apiValues: (reader) => ({ [spec.apiName]: reader.read(spec.name, spec.displayName, wholeNumber, { required: true }) }),
		apiNames: [spec.apiName],
	};
}
