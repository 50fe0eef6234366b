import './brand-mark.css';

/** The product name with its mark (two overlapping back/lay chips). */
export function BrandMark() {
  return (
    <span className="brand-mark">
      <svg viewBox="0 0 32 32" width="26" height="26" aria-hidden="true">
        <rect x="2" y="6" width="18" height="20" rx="4" fill="#72bbef" />
        <rect x="12" y="6" width="18" height="20" rx="4" fill="#faa9ba" opacity="0.9" />
        <path d="M9 16h14" stroke="#0b1220" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className="brand-name">Backlay</span>
    </span>
  );
}
