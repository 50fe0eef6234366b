import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PAUSED_TEXT, PausedNote } from './paused-note.tsx';

describe('the paused note', () => {
  it('says the operator paused the table, in a status region', () => {
    const markup = renderToStaticMarkup(<PausedNote paused />);
    expect(markup).toContain('role="status"');
    expect(markup).toContain(PAUSED_TEXT);
    expect(PAUSED_TEXT).toMatch(/^Paused by the operator/);
  });

  it('keeps the region, empty, while the table runs', () => {
    const markup = renderToStaticMarkup(<PausedNote paused={false} />);
    expect(markup).toContain('role="status"');
    expect(markup).not.toContain('Paused');
  });
});
