import type { Locale } from '@pult/contract';

/**
 * Inline SVG flags: Chromium on Linux has no flag emoji, so the picker draws its own. They are
 * decorative (the button and menu items carry text names), hence aria-hidden.
 */
const SIZE = { width: 24, height: 16 } as const;

function UkraineFlag() {
  return (
    <svg {...SIZE} viewBox="0 0 3 2" aria-hidden="true" focusable="false">
      <rect width="3" height="1" fill="#0057B7" />
      <rect y="1" width="3" height="1" fill="#FFD700" />
    </svg>
  );
}

/** A simplified US flag: 13 stripes and the blue canton, readable at 24 × 16 px. */
function UnitedStatesFlag() {
  const stripes = Array.from({ length: 7 }, (_, index) => index * 2);
  return (
    <svg {...SIZE} viewBox="0 0 19 10" aria-hidden="true" focusable="false">
      <rect width="19" height="10" fill="#FFFFFF" />
      {stripes.map((stripe) => (
        <rect key={stripe} y={(stripe * 10) / 13} width="19" height={10 / 13} fill="#B22234" />
      ))}
      <rect width="7.6" height={(7 * 10) / 13} fill="#3C3B6E" />
    </svg>
  );
}

export function LocaleFlag({ locale }: { locale: Locale }) {
  const Flag = locale === 'uk-UA' ? UkraineFlag : UnitedStatesFlag;
  return (
    <span style={{ display: 'inline-flex', boxShadow: '0 0 0 1px rgba(0,0,0,0.12)', lineHeight: 0 }}>
      <Flag />
    </span>
  );
}
