// The leverage selector of the US stock panel (§3 leverage options): none (-), 2x (the leverage
// wallet) or 4x (intraday). A radio group, so arrows and Tab work; each choice names its wallet.
import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';
import { useId } from 'react';
import { useTradeT } from '../i18n';
import { LEVERAGE_CHOICES, type LeverageChoice } from './us-leverage-payload';

const Group = styled.fieldset`
  border: 0;
  margin: 0 0 ${tokens.space.md};
  padding: 0;
  legend {
    font-size: ${tokens.fontSizes.sm};
    color: ${tokens.colors.textMuted};
    margin-bottom: ${tokens.space.xs};
  }
`;

const Options = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${tokens.space.xs};
  label {
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 40px;
    border: 1px solid ${tokens.colors.border};
    border-radius: ${tokens.radii.md};
    cursor: pointer;
    font-weight: 600;
  }
  input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }
  input:checked + span {
    color: ${tokens.colors.primary};
  }
  label:has(input:checked) {
    border-color: ${tokens.colors.primary};
  }
  label:has(input:focus-visible) {
    outline: 2px solid ${tokens.colors.primary};
    outline-offset: 2px;
  }
`;

export function UsLeverageSelector({ value, onChange }: { value: LeverageChoice; onChange: (next: LeverageChoice) => void }) {
  const { t } = useTradeT();
  const name = useId();
  const label = (choice: LeverageChoice) => (choice === 1 ? t('usLeverage.none') : t(choice === 2 ? 'usLeverage.wallet2' : 'usLeverage.wallet4'));
  return (
    <Group data-testid="us-leverage-selector">
      <legend>{t('usLeverage.selector')}</legend>
      <Options>
        {LEVERAGE_CHOICES.map((choice) => (
          <label key={choice} title={label(choice)}>
            <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} aria-label={label(choice)} data-testid={`us-leverage-${choice}`} />
            <span aria-hidden="true">{choice === 1 ? t('usLeverage.noneShort') : `${choice}x`}</span>
          </label>
        ))}
      </Options>
    </Group>
  );
}
