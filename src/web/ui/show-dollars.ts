import { formatMoney } from '#contract/money.ts';

/** The API gives dollars (12.5); the site shows them one way everywhere ($12.50). */
export const showDollars = (dollars: number) => formatMoney(Math.round(dollars * 100));
