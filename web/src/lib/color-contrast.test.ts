import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextColor } from './color-contrast';

describe('readableTextColor', () => {
  it.each([
    ['#ffffff', '#000000'],
    ['#000000', '#ffffff'],
    ['#fab005', '#000000'],
    ['#111111', '#ffffff'],
    // Mid tones where a luminance threshold picks white below 4.5:1.
    ['#7367f0', '#000000'],
    ['#ea5455', '#000000'],
  ])('on %s writes in %s', (background, text) => {
    expect(readableTextColor(background)).toBe(text);
  });

  it('reaches 4.5:1 (WCAG AA) on every colour of a coarse grid', () => {
    const steps = ['00', '33', '66', '99', 'cc', 'ff', '7f', 'e6'];
    for (const r of steps) {
      for (const g of steps) {
        for (const b of steps) {
          const background = `#${r}${g}${b}`;
          expect(contrastRatio(background, readableTextColor(background)), background).toBeGreaterThanOrEqual(
            4.5,
          );
        }
      }
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});
