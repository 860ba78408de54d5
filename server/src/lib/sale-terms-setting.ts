/** app_settings key: the SALE_* terms of new sales, written at every start (bootstrap.ts). */
export const SALE_TERMS_SETTING = 'sale_terms';
