// The two leverage modals, for every leveraged panel (crypto perps, US stock 2x/4x):
// - ShowGssAndCryptoPerps (§4): what perps and US leverage are and how liquidation works, before a
//   person's first leveraged order. Continuing needs the acknowledgement; it is remembered per user
//   (a per-user dont-show cookie, §3), so it shows once per person and browser.
// - The leverage modal: the risk of the leverage just chosen. "Don't show this again" sets
//   `dontShowLeverageModal` (§3 browser storage).
// Both are hooks answering a promise (true: go on), with the element to render beside the caller.
//   const intro = useLeverageIntro();
//   const leverageModal = useLeverageModal();
//   if (!(await intro.ensure())) return;                  // before the first leveraged order
//   if (!(await leverageModal.confirm(20))) return;       // after choosing 20x
//   return <>{…}{intro.element}{leverageModal.element}</>;
import styled from '@emotion/styled';
import { appStore, Button, getDontShow, getStorageFlag, Modal, setDontShow, setStorageFlag, Stack, tokens, useAppStore } from '@pasar/shared';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTradeT } from '../i18n';
import { registerLeverageIntroTranslations } from './leverage-intro-i18n';

registerLeverageIntroTranslations();

/** The per-user dont-show flag of the intro (cookie `dontShow_ShowGssAndCryptoPerps_{userId}`). */
export const LEVERAGE_INTRO_FLAG = 'ShowGssAndCryptoPerps';

const Section = styled.section`
  h3 {
    margin: 0 0 ${tokens.space.xs};
    font-size: ${tokens.fontSizes.md};
  }
  p {
    margin: 0;
    color: ${tokens.colors.textMuted};
  }
`;

const Check = styled.label`
  display: flex;
  gap: ${tokens.space.sm};
  align-items: flex-start;
  cursor: pointer;
  input {
    margin-top: 4px;
    width: 18px;
    height: 18px;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${tokens.space.sm};
`;

/** A modal asked for with a promise: `ask(value)` opens it, `settle(ok)` closes it and answers. */
function usePrompt<T>() {
  const [asked, setAsked] = useState<T | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const ask = useCallback((value: T) => {
    resolver.current?.(false);
    setAsked(value);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setAsked(null);
  }, []);
  // Unmounted while open: the caller hears "no".
  useEffect(() => () => resolver.current?.(false), []);
  return { asked, ask, settle };
}

const userIdOf = () => appStore.getState().auth.userDetails?.id ?? null;

/** Whether the signed-in person has acknowledged the leverage intro (false for a guest). */
export const leverageIntroSeen = (): boolean => {
  const userId = userIdOf();
  return userId !== null && getDontShow(userId, LEVERAGE_INTRO_FLAG);
};

/** ShowGssAndCryptoPerps before a person's first leveraged order. */
export function useLeverageIntro(): { ensure: () => Promise<boolean>; element: ReactNode } {
  const { asked, ask, settle } = usePrompt<true>();
  const ensure = useCallback(() => (leverageIntroSeen() ? Promise.resolve(true) : ask(true)), [ask]);
  // The session's modal (§2 auth.modals) while it is open.
  useEffect(() => {
    if (asked === null) return undefined;
    appStore.getState().setModal('ShowGssAndCryptoPerps');
    return () => appStore.getState().setModal('Close');
  }, [asked]);
  const element = asked === null ? null : <LeverageIntroDialog onDone={settle} />;
  return { ensure, element };
}

function LeverageIntroDialog({ onDone }: { onDone: (ok: boolean) => void }) {
  const { t } = useTradeT();
  const userId = useAppStore((state) => state.auth.userDetails?.id ?? null);
  const [understood, setUnderstood] = useState(false);
  const checkId = useId();
  const go = () => {
    if (userId !== null) setDontShow(userId, LEVERAGE_INTRO_FLAG, true);
    onDone(true);
  };
  return (
    <Modal
      open
      size="md"
      onClose={() => onDone(false)}
      title={t('leverageIntro.title')}
      description={t('leverageIntro.lead')}
      footer={
        <Footer>
          <Button variant="secondary" onClick={() => onDone(false)}>
            {t('leverageIntro.cancel')}
          </Button>
          <Button onClick={go} disabled={!understood} data-testid="leverage-intro-continue">
            {t('leverageIntro.continue')}
          </Button>
        </Footer>
      }
    >
      <Stack gap="md" data-testid="leverage-intro">
        {(['perps', 'us', 'risk'] as const).map((part) => (
          <Section key={part}>
            <h3>{t(`leverageIntro.${part}Title`)}</h3>
            <p>{t(`leverageIntro.${part}Body`)}</p>
          </Section>
        ))}
        <Check htmlFor={checkId}>
          <input id={checkId} type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />
          <span>{t('leverageIntro.acknowledge')}</span>
        </Check>
      </Stack>
    </Modal>
  );
}

/** The price move (in %) that uses up an isolated position's initial margin at this leverage. */
export const wipeOutMove = (leverage: number): string => String(Math.round((100 / leverage) * 100) / 100);

/** The leverage modal after choosing a leverage above 1x (skipped once `dontShowLeverageModal` is set). */
export function useLeverageModal(): { confirm: (leverage: number) => Promise<boolean>; element: ReactNode } {
  const { asked, ask, settle } = usePrompt<number>();
  const confirm = useCallback(
    (leverage: number) => (leverage <= 1 || getStorageFlag('dontShowLeverageModal') ? Promise.resolve(true) : ask(leverage)),
    [ask],
  );
  const element = asked === null ? null : <LeverageRiskDialog leverage={asked} onDone={settle} />;
  return { confirm, element };
}

function LeverageRiskDialog({ leverage, onDone }: { leverage: number; onDone: (ok: boolean) => void }) {
  const { t } = useTradeT();
  const [dontShow, setDontShowAgain] = useState(false);
  const checkId = useId();
  const go = () => {
    if (dontShow) setStorageFlag('dontShowLeverageModal', true);
    onDone(true);
  };
  return (
    <Modal
      open
      size="sm"
      role="alertdialog"
      onClose={() => onDone(false)}
      title={t('leverageModal.title', { leverage })}
      description={t('leverageModal.body', { leverage, move: wipeOutMove(leverage) })}
      footer={
        <Footer>
          <Button variant="secondary" onClick={() => onDone(false)}>
            {t('leverageModal.cancel')}
          </Button>
          <Button onClick={go} data-testid="leverage-modal-confirm">
            {t('leverageModal.confirm', { leverage })}
          </Button>
        </Footer>
      }
    >
      <Check htmlFor={checkId} data-testid="leverage-modal">
        <input id={checkId} type="checkbox" checked={dontShow} onChange={(event) => setDontShowAgain(event.target.checked)} />
        <span>{t('leverageModal.dontShow')}</span>
      </Check>
    </Modal>
  );
}
