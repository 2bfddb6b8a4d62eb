// Small choosers: tabs for the transfer kinds, and a segmented toggle (direction, source) whose
// buttons say which one is on (aria-pressed).
import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const TabList = styled.div`
  display: flex;
  gap: ${tokens.space.xs};
  overflow-x: auto;
  border-bottom: 1px solid ${tokens.colors.border};
`;

const Tab = styled.button`
  flex: none;
  min-height: 44px;
  padding: 0 ${tokens.space.md};
  border: 0;
  border-bottom: 2px solid transparent;
  background: none;
  color: ${tokens.colors.textMuted};
  font: inherit;
  font-weight: ${tokens.fontWeights.semibold};
  cursor: pointer;
  &[aria-selected='true'] {
    border-bottom-color: ${tokens.colors.primary};
    color: ${tokens.colors.text};
  }
`;

const Panel = styled.div`
  padding-top: ${tokens.space.lg};
`;

export interface TabItem<K extends string> {
  key: K;
  label: string;
  render: () => ReactNode;
}

/** ARIA tabs: arrow keys, Home and End move between tabs (automatic activation). */
export function Tabs<K extends string>({ label, items, value, onChange }: { label: string; items: readonly TabItem<K>[]; value: K; onChange: (key: K) => void }) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const index = Math.max(0, items.findIndex((item) => item.key === value));
  const selected = items[index]!;

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    let next = -1;
    if (step) next = (index + step + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const key = items[next]!.key;
    onChange(key);
    refs.current.get(key)?.focus();
  };

  return (
    <div>
      <TabList role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => (
          <Tab
            key={item.key}
            ref={(node) => {
              if (node) refs.current.set(item.key, node);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={item.key === selected.key}
            aria-controls={`${id}-panel`}
            tabIndex={item.key === selected.key ? 0 : -1}
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </Tab>
        ))}
      </TabList>
      <Panel role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected.key}`}>
        {selected.render()}
      </Panel>
    </div>
  );
}

const ToggleRoot = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${tokens.space.xs};
`;

const ToggleLabel = styled.span`
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.medium};
`;

const Group = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${tokens.space.xs};
  padding: ${tokens.space.xxs};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surfaceSunken};
`;

const Option = styled.button`
  min-height: 40px;
  padding: 0 ${tokens.space.md};
  border: 1px solid transparent;
  border-radius: ${tokens.radii.sm};
  background: transparent;
  color: ${tokens.colors.textMuted};
  font: inherit;
  font-weight: ${tokens.fontWeights.medium};
  cursor: pointer;
  &[aria-pressed='true'] {
    border-color: ${tokens.colors.borderStrong};
    background: ${tokens.colors.surface};
    color: ${tokens.colors.text};
    font-weight: ${tokens.fontWeights.semibold};
  }
`;

export interface ToggleOption<K extends string> {
  value: K;
  label: string;
}

/** A row of mutually exclusive buttons under a visible label that also names the group. */
export function Toggle<K extends string>({ label, options, value, onChange }: { label: string; options: readonly ToggleOption<K>[]; value: K; onChange: (value: K) => void }) {
  const id = useId();
  return (
    <ToggleRoot>
      <ToggleLabel id={id}>{label}</ToggleLabel>
      <Group role="group" aria-labelledby={id}>
        {options.map((option) => (
          <Option key={option.value} type="button" aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
            {option.label}
          </Option>
        ))}
      </Group>
    </ToggleRoot>
  );
}

/** Amount shortcuts ("All", presets) under an amount field. */
export const Picks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.xs};
`;
