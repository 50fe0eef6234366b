/** Field names of a verify answer as the page labels them; anything else keeps its own name. */
const LABELS: Readonly<Record<string, string>> = {
  result: 'Result',
  multiplier: 'Multiplier',
  slot: 'Slot',
  stops: 'Reel stops',
  colour: 'Colour',
  total: 'Total',
  hands: 'Hands',
  detail: 'Detail',
  player: 'Player',
  dealer: 'Dealer',
  cards: 'Cards',
  lines: 'Lines per card',
  float: 'First float',
  runs: 'Runs',
  wickets: 'Wickets',
  goals: 'Goals',
};
const HIDDEN = new Set(['game', 'multiplierHundredths']);

/** Lists read as words: cards and events spaced, numbers comma-separated, nested lists one per line. */
function text(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.some(Array.isArray)) return value.map(text).join('\n');
    return value.every((item) => typeof item === 'number') ? value.join(', ') : value.map(text).join(' ');
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${text(item)}`)
      .join('\n');
  }
  return String(value);
}

/** A verify answer as a definition list, with the raw JSON for anyone comparing by script. */
export function AnswerView({
  answer,
  title,
  resultLabel = 'Result',
}: {
  answer: Record<string, unknown>;
  title: string;
  resultLabel?: string;
}) {
  const rows = Object.entries(answer).filter(([key]) => !HIDDEN.has(key));
  return (
    <section className="verify-answer" aria-labelledby="verify-answer-title">
      <h2 id="verify-answer-title">{title}</h2>
      <dl>
        {rows.map(([key, value]) => (
          <div key={key} className={key === 'result' ? 'headline' : undefined}>
            <dt>{key === 'result' ? resultLabel : (LABELS[key] ?? key)}</dt>
            <dd className="mono">{text(value)}</dd>
          </div>
        ))}
      </dl>
      <details>
        <summary>Answer as JSON</summary>
        <pre className="mono">{JSON.stringify(answer, null, 2)}</pre>
      </details>
    </section>
  );
}
