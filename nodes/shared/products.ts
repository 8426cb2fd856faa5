/** The products list: the Product node reads it, and the Admintotal Trigger's activation sends below it. */
export const PRODUCTS_PATH = '/productos/';

/** Below the products list: switches on the price/stock webhook of the `codigos` (Enable Webhooks, and the Trigger's activation). */
export const ENABLE_WEBHOOKS_PATH = 'habilitar_webhook/';
