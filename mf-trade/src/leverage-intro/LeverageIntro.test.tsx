import { Button, getDontShow, getStorageFlag, registerTranslations, type UserDetails } from '@pasar/shared';
import { renderWithShell } from '@pasar/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { LEVERAGE_INTRO_FLAG, useLeverageIntro, useLeverageModal, wipeOutMove } from './LeverageIntro';
import { leverageIntroEn, leverageIntroId } from './leverage-intro-i18n';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
beforeEach(() => {
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) document.cookie = `${cookie.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

const AUTH = { accessToken: 'a'.repeat(40), userDetails: { id: 'user-7' } as UserDetails };

/** A leveraged order button: the intro first, then the leverage modal, then "placed". */
function Harness({ leverage }: { leverage: number }) {
  const intro = useLeverageIntro();
  const modal = useLeverageModal();
  const [result, setResult] = useState('none');
  const order = async () => {
    if (!(await intro.ensure())) return setResult('stopped at intro');
    if (!(await modal.confirm(leverage))) return setResult('stopped at leverage');
    setResult('placed');
  };
  return (
    <>
      <Button onClick={() => void order()}>order</Button>
      <output data-testid="result">{result}</output>
      {intro.element}
      {modal.element}
    </>
  );
}

const keysOf = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

describe('the leverage modals', () => {
  it('show the intro once per person: continuing needs the acknowledgement and is remembered per user', async () => {
    const { user, store } = renderWithShell(<Harness leverage={10} />, { language: 'en', auth: AUTH });
    await user.click(screen.getByRole('button', { name: 'order' }));
    expect(await screen.findByRole('dialog', { name: 'Before you trade with leverage' })).toBeInTheDocument();
    expect(store.getState().auth.modals).toBe('ShowGssAndCryptoPerps');
    const go = screen.getByTestId('leverage-intro-continue');
    expect(go).toBeDisabled();
    await user.click(screen.getByLabelText('I understand the risks of trading with leverage'));
    await user.click(go);
    // The leverage modal follows, explaining 10x: a 10% move wipes the margin.
    expect(await screen.findByRole('alertdialog', { name: 'Leverage 10x' })).toHaveTextContent('about 10%');
    expect(store.getState().auth.modals).toBe('Close');
    expect(getDontShow('user-7', LEVERAGE_INTRO_FLAG)).toBe(true);
    expect(getDontShow('user-8', LEVERAGE_INTRO_FLAG)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Use 10x' }));
    expect(screen.getByTestId('result')).toHaveTextContent('placed');
    // Without "don't show again" the leverage modal comes back; the intro does not.
    await user.click(screen.getByRole('button', { name: 'order' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leverage 10x' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Before you trade with leverage' })).not.toBeInTheDocument();
  });

  it('stop the order when the intro is cancelled (nothing remembered)', async () => {
    const { user } = renderWithShell(<Harness leverage={10} />, { language: 'id', auth: AUTH });
    await user.click(screen.getByRole('button', { name: 'order' }));
    await screen.findByRole('dialog', { name: 'Sebelum bertransaksi dengan leverage' });
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.getByTestId('result')).toHaveTextContent('stopped at intro'));
    expect(getDontShow('user-7', LEVERAGE_INTRO_FLAG)).toBe(false);
  });

  it('skip the leverage modal after "Don’t show this again" (dontShowLeverageModal) and at 1x', async () => {
    const { user } = renderWithShell(<Harness leverage={25} />, { language: 'en', auth: AUTH });
    await user.click(screen.getByRole('button', { name: 'order' }));
    await user.click(await screen.findByLabelText('I understand the risks of trading with leverage'));
    await user.click(screen.getByTestId('leverage-intro-continue'));
    await screen.findByRole('alertdialog', { name: 'Leverage 25x' });
    await user.click(screen.getByLabelText("Don't show this again"));
    await user.click(screen.getByRole('button', { name: 'Use 25x' }));
    expect(getStorageFlag('dontShowLeverageModal')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'order' }));
    await waitFor(() => expect(screen.getByTestId('result')).toHaveTextContent('placed'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('stop at the leverage modal when it is cancelled', async () => {
    const { user } = renderWithShell(<Harness leverage={50} />, { language: 'en', auth: AUTH });
    await user.click(screen.getByRole('button', { name: 'order' }));
    await user.click(await screen.findByLabelText('I understand the risks of trading with leverage'));
    await user.click(screen.getByTestId('leverage-intro-continue'));
    await screen.findByRole('alertdialog', { name: 'Leverage 50x' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('result')).toHaveTextContent('stopped at leverage'));
    expect(getStorageFlag('dontShowLeverageModal')).toBe(false);
  });

  it('work out the wiping move and have every string in both languages', () => {
    expect(wipeOutMove(10)).toBe('10');
    expect(wipeOutMove(3)).toBe('33.33');
    expect(wipeOutMove(125)).toBe('0.8');
    expect(keysOf(leverageIntroEn).sort()).toEqual(keysOf(leverageIntroId).sort());
  });
});
