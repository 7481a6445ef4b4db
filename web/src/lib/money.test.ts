import { describe, expect, it } from 'vitest';
import { billFor, formatMoney } from './money';

describe('formatMoney', () => {
  it('writes an amount as the language does', () => {
    // French puts the symbol after a no-break space, and groups thousands with a narrow one.
    expect(formatMoney(3.99, 'EUR', 'fr')).toBe('3,99\u00a0€');
    expect(formatMoney(1234.5, 'EUR', 'fr')).toBe('1\u202f234,50\u00a0€');
    expect(formatMoney(3.99, 'USD', 'en')).toBe('$3.99');
    expect(formatMoney(23.88, 'EUR', 'en')).toBe('€23.88');
    expect(formatMoney(239.4, 'GBP', 'en')).toBe('£239.40');
    expect(formatMoney(1234.5, 'EUR', 'de')).toBe('1.234,50\u00a0€');
  });

  it('keeps one format per language and currency', () => {
    expect(formatMoney(17.94, 'EUR', 'pt')).toBe(formatMoney(17.94, 'EUR', 'pt'));
    expect(formatMoney(17.94, 'USD', 'pt')).not.toBe(formatMoney(17.94, 'EUR', 'pt'));
  });
});

describe('billFor', () => {
  it('multiplies one bill by the users in cents, as the server does', () => {
    expect(billFor({ billedAmount: 47.88 }, 5)).toBe(239.4);
    expect(billFor({ billedAmount: 47.88 }, 7)).toBe(335.16);
    expect(billFor({ billedAmount: 17.94 }, 1)).toBe(17.94);
    expect(billFor({ billedAmount: 0.1 }, 3)).toBe(0.3);
  });
});
