import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import './footer.css';

export const COPYRIGHT_TEXT = '© 2024 Backlay. All rights reserved.';

/** A footer item either opens a line of text below the links or, with `to`, leads to its page. */
type FooterText = { title: string; text: string };
type FooterItem = FooterText | { title: string; to: string };

const hasText = (item: FooterItem): item is FooterText => 'text' in item;

const infoItems: readonly FooterItem[] = [
  {
    title: 'Terms and Conditions',
    text: 'Play money only. Bets are accepted while a market is open and settled on the official result; voided markets are refunded.',
  },
  { title: 'Responsible Gaming', to: paths.responsibleGaming },
  {
    title: '24X7 Support',
    text: 'Our support team is available around the clock through your account manager.',
  },
];

function Badges() {
  return (
    <ul className="footer-badges" aria-label="Safety" data-testid="footer-badges">
      <li className="badge badge-age" title="Adults only">
        18+
      </li>
      <li className="badge" title="Encrypted connection">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <rect x="5" y="10" width="14" height="10" rx="2" fill="currentColor" />
          <path d="M8 10V7a4 4 0 0 1 8 0v3" stroke="currentColor" strokeWidth="2" fill="none" />
        </svg>
        SSL secure
      </li>
      <li className="badge" title="Verifiable outcomes">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z" fill="currentColor" />
          <path d="m8.5 12 2.5 2.5 4.5-5" stroke="#0b1220" strokeWidth="2" fill="none" />
        </svg>
        Fair play
      </li>
    </ul>
  );
}

export function Footer() {
  const [openItem, setOpenItem] = useState<string | null>(null);
  const shown = infoItems.filter(hasText).find((item) => item.title === openItem);
  return (
    <footer className="footer" data-testid="footer">
      <nav className="footer-links" aria-label="Information">
        {infoItems.map((item) =>
          'to' in item ? (
            <Link key={item.title} to={item.to} className="footer-link" data-testid="footer-link">
              {item.title}
            </Link>
          ) : (
            <button
              key={item.title}
              type="button"
              className="footer-link"
              aria-expanded={openItem === item.title}
              onClick={() => setOpenItem((current) => (current === item.title ? null : item.title))}
              data-testid="footer-link"
            >
              {item.title}
            </button>
          ),
        )}
      </nav>
      {shown && (
        <p className="footer-info" data-testid="footer-info">
          {shown.text}
        </p>
      )}
      <Badges />
      <p className="copyright" data-testid="copyright">
        {COPYRIGHT_TEXT}
      </p>
    </footer>
  );
}
