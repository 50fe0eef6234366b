import { presetErrors, type PresetDraft } from '../presets.ts';

interface PresetRowsProps {
  drafts: PresetDraft[];
  onChange: (index: number, draft: PresetDraft) => void;
}

/** Ten label/value rows with their validation messages. */
export function PresetRows({ drafts, onChange }: PresetRowsProps) {
  return (
    <div className="preset-rows" data-testid="preset-rows">
      <div className="preset-row preset-head" aria-hidden="true">
        <span>Price label</span>
        <span>Price value</span>
      </div>
      {drafts.map((draft, index) => {
        const errors = presetErrors(draft);
        return (
          <div key={index} className="preset-row" data-testid="preset-row">
            <input
              className="input"
              aria-label={`Label ${index + 1}`}
              aria-invalid={errors.some((e) => e.startsWith('Label'))}
              value={draft.label}
              onChange={(event) => onChange(index, { ...draft, label: event.target.value })}
              data-testid="preset-label"
            />
            <input
              className="input"
              inputMode="numeric"
              aria-label={`Value ${index + 1}`}
              aria-invalid={errors.some((e) => e.startsWith('Value'))}
              value={draft.value}
              onChange={(event) => onChange(index, { ...draft, value: event.target.value })}
              data-testid="preset-value"
            />
            {errors.length > 0 && (
              <p className="error-text preset-error" data-testid="preset-error">
                {errors.join(' ')}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
