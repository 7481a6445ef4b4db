import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from './browser-time-zone';

describe('browserTimeZone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks Temporal where the browser has it', () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Asia/Tokyo' } });
    const formats = vi.spyOn(Intl, 'DateTimeFormat');
    expect(browserTimeZone()).toBe('Asia/Tokyo');
    // The point of asking Temporal: no date format is set up.
    expect(formats).not.toHaveBeenCalled();
    formats.mockRestore();
  });

  it('asks Intl where the browser has no Temporal', () => {
    vi.stubGlobal('Temporal', undefined);
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(browserTimeZone()).toMatch(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/);
  });
});
