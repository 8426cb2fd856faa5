import { labelText as text } from '../shared/labels';
import { searchList } from '../shared/transport/search';

export const searchProducts = searchList({
	path: '/productos/',
	searchParam: 'q',
	label: (product) => [text(product.codigo), text(product.descripcion)].filter(Boolean).join(' · '),
});
