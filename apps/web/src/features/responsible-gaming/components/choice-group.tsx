import type { ReactNode } from 'react';

export interface Choice<Value> {
  value: Value;
  label: string;
}

interface ChoiceGroupProps<Value> {
  legend: string;
  name: string;
  choices: readonly Choice<Value>[];
  selected: Value | null;
  onSelect: (value: Value) => void;
  testId: string;
  /** Set while the group's rule fails, so the message is read with the group. */
  errorId?: string;
  children?: ReactNode;
}

/** Native radios drawn as a row of options: arrow keys move between them, Tab leaves the group. */
export function ChoiceGroup<Value extends string | number>(props: ChoiceGroupProps<Value>) {
  const { legend, name, choices, selected, onSelect, testId, errorId, children } = props;
  return (
    <fieldset className="rg-choices" aria-describedby={errorId}>
      <legend className="field-label">{legend}</legend>
      <div className="rg-options">
        {choices.map((choice) => (
          <label key={choice.value} className="rg-option">
            <input
              type="radio"
              name={name}
              checked={selected === choice.value}
              onChange={() => onSelect(choice.value)}
              data-testid={testId}
              data-value={choice.value}
            />
            <span>{choice.label}</span>
          </label>
        ))}
        {children}
      </div>
    </fieldset>
  );
}
