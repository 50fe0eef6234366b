import type { ReactNode } from 'react';

interface Slide {
  title: string;
  text: string;
  className: string;
  art: ReactNode;
}

const exchangeArt = (
  <svg viewBox="0 0 200 120" className="slide-svg">
    <rect x="20" y="22" width="70" height="34" rx="6" fill="#72bbef" />
    <rect x="100" y="22" width="70" height="34" rx="6" fill="#faa9ba" />
    <rect x="20" y="64" width="70" height="34" rx="6" fill="#72bbef" opacity="0.6" />
    <rect x="100" y="64" width="70" height="34" rx="6" fill="#faa9ba" opacity="0.6" />
    <text x="55" y="45" textAnchor="middle" fontSize="14" fontWeight="700" fill="#0b1220">
      BACK
    </text>
    <text x="135" y="45" textAnchor="middle" fontSize="14" fontWeight="700" fill="#0b1220">
      LAY
    </text>
  </svg>
);

const casinoArt = (
  <svg viewBox="0 0 200 120" className="slide-svg">
    <rect x="40" y="18" width="56" height="82" rx="7" fill="#f7f3e8" transform="rotate(-12 68 59)" />
    <rect x="78" y="14" width="56" height="82" rx="7" fill="#fff" />
    <rect x="116" y="18" width="56" height="82" rx="7" fill="#f7f3e8" transform="rotate(12 144 59)" />
    <path d="M106 42 l10 14 -10 14 -10 -14z" fill="#e53950" />
    <circle cx="106" cy="82" r="4" fill="#e53950" />
  </svg>
);

const aviatorArt = (
  <svg viewBox="0 0 200 120" className="slide-svg">
    <path d="M10 110 Q 110 105 170 30" stroke="#f5c542" strokeWidth="4" fill="none" strokeLinecap="round" />
    <path d="M10 110 Q 110 105 170 30 L170 110 Z" fill="rgba(245,197,66,0.18)" />
    <path d="M160 26 l22 -8 -8 20 -4 -8z" fill="#ff5a5f" />
    <text x="24" y="48" fontSize="20" fontWeight="800" fill="#fff">
      CASH OUT
    </text>
  </svg>
);

export const slides: readonly Slide[] = [
  {
    title: 'Back or lay every match',
    text: 'Exchange prices on cricket, football, tennis and more.',
    className: 'slide-exchange',
    art: exchangeArt,
  },
  {
    title: 'Live casino tables',
    text: 'Teen Patti, Dragon Tiger, Lucky 7 and more, round the clock.',
    className: 'slide-casino',
    art: casinoArt,
  },
  {
    title: 'Aviator',
    text: 'Cash out before the plane flies away.',
    className: 'slide-aviator',
    art: aviatorArt,
  },
];
