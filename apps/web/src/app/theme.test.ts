import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, FOCUS_RING } from './theme';

describe('focus ring', () => {
  it('stands out at least 3:1 on the page and paper of its theme', () => {
    for (const mode of ['light', 'dark'] as const) {
      const { palette } = createAppTheme('en-US', mode);
      for (const surface of [palette.background.default, palette.background.paper]) {
        expect(getContrastRatio(FOCUS_RING[mode], surface), `${mode} on ${surface}`).toBeGreaterThanOrEqual(
          3,
        );
      }
    }
  });

  it("takes the top bar's text colour, which reads at least 3:1 on the bar", () => {
    const { palette } = createAppTheme('en-US', 'light');
    expect(getContrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(3);
  });
});
