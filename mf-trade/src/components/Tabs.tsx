// ARIA tabs: a tablist whose arrow keys move between tabs (automatic activation), one panel shown.
import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const List = styled.div`
  display: flex;
  gap: ${tokens.space.xs};
  border-bottom: 1px solid ${tokens.colors.border};
`;

const Tab = styled.button`
  min-height: 40px;
  padding: 0 ${tokens.space.md};
  border: 0;
  border-bottom: 2px solid transparent;
  background: none;
  color: ${tokens.colors.textMuted};
  font: inherit;
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.semibold};
  cursor: pointer;
  &[aria-selected='true'] {
    border-bottom-color: ${tokens.colors.primary};
    color: ${tokens.colors.text};
  }
`;

const Panel = styled.div`
  padding-top: ${tokens.space.md};
`;

export interface TabItem<K extends string> {
  key: K;
  label: string;
  render: () => ReactNode;
}

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
      <List role="tablist" aria-label={label} onKeyDown={onKeyDown}>
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
      </List>
      <Panel role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected.key}`}>
        {selected.render()}
      </Panel>
    </div>
  );
}
