/**
 * Amounts of money as the interface's language writes them (D25): "3,99 €" in French, "$3.99" in
 * English. The figures come from the API; only their writing is the browser's.
 */
import type { Currency } from '@cadence/contract';

const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency: Currency, language: string): string {
  const key = `${language}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format.format(amount);
}

/** One bill for a number of users, counted in cents as the server counts it. */
export function billFor(plan: { billedAmount: number }, users: number): number {
  return (Math.round(plan.billedAmount * 100) * users) / 100;
}
