import { describe, expect, it } from 'vitest';
import { bookingListOf } from './booking-lists';

describe('the booking page’s address', () => {
  it('opens the list the address names, upcoming otherwise', () => {
    expect(bookingListOf(new URLSearchParams('tab=past'))).toBe('past');
    expect(bookingListOf(new URLSearchParams('tab=cancelled'))).toBe('cancelled');
    expect(bookingListOf(new URLSearchParams('tab=other'))).toBe('upcoming');
    expect(bookingListOf(new URLSearchParams())).toBe('upcoming');
  });
});
