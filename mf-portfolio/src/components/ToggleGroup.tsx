// A row of buttons of which one is pressed (aria-pressed): the allocation's view and the value
// chart's range. Keyboard: each is a button in the tab order; the pressed one is marked in text
// weight and border, and announced as pressed.
import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.xs};
  button {
    min-width: 44px;
    min-height: 36px;
    padding: 0 ${tokens.space.md};
    border: 1px solid ${tokens.colors.border};
    border-radius: ${tokens.radii.md};
    background: ${tokens.colors.surface};
    color: ${tokens.colors.text};
    font: inherit;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: ${tokens.colors.primary};
    color: ${tokens.colors.primaryText};
    font-weight: ${tokens.fontWeights.semibold};
  }
  button:focus-visible {
    outline: 2px solid ${tokens.colors.focusRing};
    outline-offset: 2px;
  }
`;

export interface ToggleOption<T extends string> {
  readonly value: T;
  readonly text: string;
  /** A longer name for screen readers, when the text is short ("1M"). */
  readonly name?: string;
}

export function ToggleGroup<T extends string>({ label, options, value, onChange, testIdPrefix }: { label: string; options: readonly ToggleOption<T>[]; value: T; onChange: (value: T) => void; testIdPrefix: string }) {
  return (
    <Group role="group" aria-label={label}>
      {options.map((o) => (
        <button key={o.value} type="button" aria-pressed={value === o.value} aria-label={o.name} onClick={() => onChange(o.value)} data-testid={`${testIdPrefix}-${o.value}`}>
          {o.text}
        </button>
      ))}
    </Group>
  );
}
