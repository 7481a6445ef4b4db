import { describe, expect, it } from 'vitest';
import { zoneToOffer } from './time-zone-offer';

describe('zoneToOffer (D46)', () => {
  it("offers the device's zone when it differs from the account's", () => {
    expect(zoneToOffer('UTC', 'Asia/Tokyo', null)).toBe('Asia/Tokyo');
    expect(zoneToOffer('Europe/Paris', 'America/New_York', null)).toBe('America/New_York');
  });

  it('offers nothing for the same zone, another name of it, one on the same clock, or before both are known', () => {
    // London and Lisbon keep the same time all year: switching would change no date shown.
    expect(zoneToOffer('Europe/London', 'Europe/Lisbon', null)).toBeNull();
    expect(zoneToOffer('Asia/Tokyo', 'Asia/Tokyo', null)).toBeNull();
    expect(zoneToOffer('Asia/Calcutta', 'Asia/Kolkata', null)).toBeNull();
    expect(zoneToOffer('UTC', 'Etc/UTC', null)).toBeNull();
    expect(zoneToOffer(undefined, 'Asia/Tokyo', null)).toBeNull();
    expect(zoneToOffer('UTC', undefined, null)).toBeNull();
  });

  it('tells apart zones that share only part of the year', () => {
    // Same offset in the northern winter, not in summer (Morocco aside, a DST rule of its own).
    expect(zoneToOffer('Africa/Lagos', 'Europe/Paris', null)).toBe('Europe/Paris');
    expect(zoneToOffer('America/Phoenix', 'America/Denver', null)).toBe('America/Denver');
  });

  it('stays quiet for the zone the user chose to keep theirs for, and asks again for another', () => {
    expect(zoneToOffer('UTC', 'Asia/Tokyo', 'Asia/Tokyo')).toBeNull();
    expect(zoneToOffer('UTC', 'America/Sao_Paulo', 'Asia/Tokyo')).toBe('America/Sao_Paulo');
  });
});
