// A row of toggle buttons for the chart: resolutions on the trade page, ranges on asset pages; and
// the look of a chart tool's own button.
import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.xxs};
`;

/** A chart toggle button (resolutions, ranges, the chart's Indicators and Draw buttons). */
export const Toggle = styled.button`
  min-width: 40px;
  min-height: 32px;
  padding: 0 ${tokens.space.sm};
  border: 1px solid transparent;
  border-radius: ${tokens.radii.sm};
  background: none;
  color: ${tokens.colors.textMuted};
  font: inherit;
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.semibold};
  cursor: pointer;
  &:hover {
    color: ${tokens.colors.text};
  }
  &[aria-pressed='true'] {
    border-color: ${tokens.colors.primary};
    color: ${tokens.colors.primaryText};
  }
`;

/** A chart tool's button beside the toolbar ("alert at a price", the chart workspace); pressed when its mode is on. */
export const ChartToolButton = styled.button`
  min-height: 32px;
  padding: 0 ${tokens.space.sm};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.sm};
  background: none;
  color: ${tokens.colors.text};
  font: inherit;
  font-size: ${tokens.fontSizes.sm};
  cursor: pointer;
  &[aria-pressed='true'] {
    border-color: ${tokens.colors.primary};
    color: ${tokens.colors.primaryText};
  }
`;

export interface ToolbarOption {
  value: string;
  short: string;
  long: string;
}

export function ChartToolbar({ label, options, value, onChange, testId }: { label: string; options: readonly ToolbarOption[]; value: string; onChange: (value: string) => void; testId?: string }) {
  return (
    <Group role="group" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <Toggle
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          aria-label={option.long}
          title={option.long}
          data-value={option.value}
          onClick={() => onChange(option.value)}
        >
          {option.short}
        </Toggle>
      ))}
    </Group>
  );
}
