/**
 * Switches on the price/stock webhook of the products listed (`codigos`): Product's Enable Webhooks
 * sends it when asked, and the Admintotal Trigger's activation when it is set to.
 */
export const ENABLE_PRODUCT_WEBHOOKS_PATH = '/productos/habilitar_webhook/';
