import { useId } from 'react';
import { VALUE_INVALID_TEXT, presetErrors, type PresetDraft } from '../presets.ts';

interface PresetRowsProps {
  drafts: PresetDraft[];
  onChange: (index: number, draft: PresetDraft) => void;
}

/** Ten label/value rows; each row shows its own messages while it is invalid. */
export function PresetRows({ drafts, onChange }: PresetRowsProps) {
  const idPrefix = useId();
  return (
    <div className="preset-rows" data-testid="preset-rows">
      <div className="preset-row preset-head" aria-hidden="true">
        <span>Price label</span>
        <span>Price value</span>
      </div>
      {drafts.map((draft, index) => {
        const errors = presetErrors(draft);
        const errorId = `${idPrefix}-error-${index}`;
        const describedBy = errors.length > 0 ? errorId : undefined;
        return (
          <div key={index} className="preset-row" data-testid="preset-row">
            <input
              className="input"
              aria-label={`Label ${index + 1}`}
              aria-invalid={errors.some((e) => e !== VALUE_INVALID_TEXT)}
              aria-describedby={describedBy}
              value={draft.label}
              onChange={(event) => onChange(index, { ...draft, label: event.target.value })}
              data-testid="preset-label"
            />
            <input
              className="input"
              inputMode="numeric"
              aria-label={`Value ${index + 1}`}
              aria-invalid={errors.includes(VALUE_INVALID_TEXT)}
              aria-describedby={describedBy}
              value={draft.value}
              onChange={(event) => onChange(index, { ...draft, value: event.target.value })}
              data-testid="preset-value"
            />
            {errors.length > 0 && (
              <p id={errorId} className="error-text preset-error" data-testid="preset-error">
                {errors.join(' ')}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
