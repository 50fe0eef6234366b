/**
 * Market types as players read them. Feeds and fixtures name markets by codes (`MATCH_ODDS`, `khado`,
 * `Oddeven`); the screen shows words. Codes stay in data attributes for tests and styling.
 */
const MARKET_LABELS: Readonly<Record<string, string>> = {
  MATCHODDS: 'Match Odds',
  BOOKMAKER: 'Bookmaker',
  FANCY: 'Fancy',
  KHADO: 'Khado',
  ODDEVEN: 'Odd/Even',
  TIEDMATCH: 'Tied Match',
};

/** `MATCH_ODDS`, `match-odds`, `MatchOdds` → `MATCHODDS`. */
function codeKey(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Words of an unknown code, each capitalised: `over_under_2` → `Over Under 2`. */
function wordsOf(code: string): string {
  return code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** The label of a market type code; an unknown code is turned into capitalised words. */
export function marketTypeLabel(code: string): string {
  return MARKET_LABELS[codeKey(code)] ?? wordsOf(code);
}
