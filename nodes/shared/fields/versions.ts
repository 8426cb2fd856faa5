import type { DisplayCondition, INodeProperties } from 'n8n-workflow';

/**
 * One field in two forms: `before` for node versions older than `since`, `from` for `since` and
 * newer. n8n saves only values that differ from a field's default, so changing a default in place
 * would change every saved workflow that never set the field; a new node version keeps them as they were.
 */
export function changedInVersion(since: number, before: INodeProperties, from: INodeProperties): INodeProperties[] {
	const scoped = (property: INodeProperties, condition: DisplayCondition): INodeProperties => ({
		...property,
		displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, '@version': [condition] } },
	});
	return [scoped(before, { _cnd: { lt: since } }), scoped(from, { _cnd: { gte: since } })];
}
