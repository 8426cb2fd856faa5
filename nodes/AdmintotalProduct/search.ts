import { labelText as text, searchList } from '../shared/transport/search';

export const searchProducts = searchList({
	path: '/productos/',
	searchParam: 'q',
	label: (product) => [text(product.codigo), text(product.descripcion)].filter(Boolean).join(' · '),
});
