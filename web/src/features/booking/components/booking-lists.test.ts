import { describe, expect, it } from 'vitest';
import { bookingListOf, newestBookingNotice } from './booking-lists';

describe('the booking page’s address and notices', () => {
  it('opens the list the address names, upcoming otherwise', () => {
    expect(bookingListOf(new URLSearchParams('tab=past'))).toBe('past');
    expect(bookingListOf(new URLSearchParams('tab=cancelled'))).toBe('cancelled');
    expect(bookingListOf(new URLSearchParams('tab=other'))).toBe('upcoming');
    expect(bookingListOf(new URLSearchParams())).toBe('upcoming');
  });

  it('finds the newest booking notice among the bell’s', () => {
    expect(
      newestBookingNotice({
        data: [
          { _id: '9', kind: 'todo' },
          { _id: '8', kind: 'booking-cancelled' },
          { _id: '7', kind: 'booking-new' },
        ],
      }),
    ).toBe('8');
    expect(newestBookingNotice({ data: [{ _id: '1', kind: 'event' }] })).toBeNull();
  });
});
