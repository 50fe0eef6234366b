import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss.ts';

const RULES = [
  'Back bets win when the selection wins; lay bets win when it does not.',
  'Bets are matched at the price shown or better and settle on the official result.',
  'Suspended markets take no bets; voided markets are refunded.',
];

/** The header's Rules: a button that shows the short betting rules; Escape closes them back onto it. */
export function RulesButton() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback(() => setOpen(false), []);
  const closeToButton = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  useDismiss(open, root, close, closeToButton);

  return (
    <div className="rules" ref={root}>
      <button
        ref={button}
        type="button"
        className="rules-label"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="rules"
      >
        Rules
      </button>
      <div id={panelId} className="rules-panel" hidden={!open} data-testid="rules-panel">
        <h2 className="rules-title">Betting rules</h2>
        <ul>
          {RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
