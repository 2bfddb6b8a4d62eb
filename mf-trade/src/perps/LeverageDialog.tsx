// The leverage control's dialog: a whole number from 1x to the symbol's maximum (typed, or with the
// slider), the largest position that leverage allows by the tier table, then the leverage modal's
// risk notice (unless dontShowLeverageModal) and the leverage call. Bad input (0, above the
// maximum, letters) says so and changes nothing; the server's refusal (a position whose margin
// cannot carry it) is shown in the dialog in the reader's language.
import styled from '@emotion/styled';
import { Field, Modal, TextInput, tokens, useAppStore } from '@pasar/shared';
import { useState } from 'react';
import { useTradeT } from '../i18n';
import { useLeverageModal } from '../leverage-intro';
import { useResource } from '../market/use-resource';
import { usdt } from './perps-format';
import { leverageOf, maxNotionalAt } from './perps-math';
import { perpsCalls } from './perps-store';
import { DialogButtons, useDialogAction } from './PositionDialogs';

const Slider = styled.input`
  width: 100%;
  accent-color: ${tokens.colors.primary};
`;

const Note = styled.p`
  margin: 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

export interface LeverageDialogProps {
  symbol: string;
  current: number;
  max: number;
  onClose: () => void;
  /** The leverage the server set. */
  onChanged: (leverage: number) => void;
}

export function LeverageDialog({ symbol, current, max, onClose, onChanged }: LeverageDialogProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const [text, setText] = useState(String(current));
  const { busy, refusal, setRefusal, perform } = useDialogAction();
  const [invalid, setInvalid] = useState(false);
  const risk = useLeverageModal();
  const chosen = leverageOf(text, max);
  // The tier table says how large a position each leverage allows.
  const setting = useResource(`perp-leverage:${symbol}`, (signal) => perpsCalls.leverage(symbol, { signal }));
  const cap = chosen === null || !setting.data ? null : maxNotionalAt(chosen, setting.data.tiers);

  const apply = async () => {
    setRefusal(null);
    if (chosen === null) {
      setInvalid(true);
      return;
    }
    if (!(await risk.confirm(chosen))) return;
    await perform(async () => {
      const answer = await perpsCalls.setLeverage(symbol, chosen);
      onChanged(answer.position?.leverage ?? chosen);
    });
  };

  return (
    <>
      <Modal
        open
        size="sm"
        onClose={onClose}
        dismissDisabled={busy}
        title={t('perps.leverage.title', { symbol })}
        footer={<DialogButtons onCancel={onClose} onConfirm={() => void apply()} confirmLabel={t('perps.leverage.apply')} busy={busy} testId="leverage-apply" />}
      >
        <Field label={t('perps.leverage.field', { max })} error={invalid && chosen === null ? t('perps.problem.leverageRange', { max }) : refusal}>
          <TextInput
            name="leverage"
            inputMode="numeric"
            autoComplete="off"
            value={text}
            endAdornment="x"
            onChange={(event) => {
              setText(event.target.value);
              setInvalid(false);
              setRefusal(null);
            }}
          />
        </Field>
        <Slider
          type="range"
          min={1}
          max={max}
          step={1}
          value={chosen ?? current}
          aria-label={t('perps.leverage.slider')}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
        />
        {cap !== null && chosen !== null && <Note data-testid="leverage-max-notional">{t('perps.leverage.maxNotional', { leverage: chosen, notional: usdt(cap, lng) })}</Note>}
      </Modal>
      {risk.element}
    </>
  );
}
