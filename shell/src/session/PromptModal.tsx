// The PIN (040) / accept-terms (041) prompt of §8. The API client waits on it: the PIN is
// checked (POST /api/pin/verify, which makes the session "PIN fresh"), or the Bappebti terms are
// accepted, and the call that asked is sent again; Cancel lets that call fail with its 040/041.
// It is the only dialog shown (a review it opens over waits hidden, `Modal`), and the terms are
// readable in it before accepting: "syarat dan ketentuan" opens them as scrollable text.
import styled from '@emotion/styled';
import {
  api,
  Button,
  Modal,
  PinPad,
  PIN_PAD_LENGTH,
  SESSION_PATHS,
  setPinTimestamp,
  TextLink,
  tokens,
} from '@pasar/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { authErrorText, isPinBlocked } from '../auth/auth-errors';
import { Notice } from '../auth/auth-styles';
import { registerShellAuthTranslations } from '../i18n/auth-i18n';
import { useShellT } from '../i18n/shell-i18n';
import { useShellStore } from '../state/shell-store';

// This screen's strings arrive with its chunk (decision 0006).
registerShellAuthTranslations();

const ACCEPT_TERMS_CODE = '041';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.lg};
`;

const TermsLink = styled.button`
  display: inline;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  font-weight: ${tokens.fontWeights.medium};
  color: ${tokens.colors.primaryText};
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${tokens.colors.focusRing};
    outline-offset: 2px;
  }
`;

const TermsText = styled.div`
  max-height: 40vh;
  overflow-y: auto;
  padding: ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  font-size: ${tokens.fontSizes.sm};
  h3 {
    margin: 0 0 ${tokens.space.sm};
    font-size: ${tokens.fontSizes.md};
  }
  p {
    margin: 0 0 ${tokens.space.sm};
  }
  &:focus-visible {
    outline: 2px solid ${tokens.colors.focusRing};
  }
`;

const TERMS_PARAGRAPHS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'] as const;

const Check = styled.label`
  display: flex;
  gap: ${tokens.space.sm};
  align-items: flex-start;
  input {
    width: 18px;
    height: 18px;
    margin-top: 2px;
    flex: none;
    accent-color: ${tokens.colors.primary};
  }
`;

export function PromptModal() {
  const prompt = useShellStore((s) => s.prompt);
  const close = useShellStore((s) => s.closePrompt);
  // A prompt that nobody answers would leave its call waiting forever.
  useEffect(() => () => prompt?.resolve?.(false), [prompt]);
  if (!prompt) return null;
  const finish = (done: boolean) => {
    prompt.resolve?.(done);
    close();
  };
  return prompt.code === ACCEPT_TERMS_CODE ? (
    <AcceptTermsPrompt key={`${prompt.code}`} onFinish={finish} />
  ) : (
    <PinPrompt key={`${prompt.code}`} onFinish={finish} />
  );
}

function PinPrompt({ onFinish }: { onFinish: (done: boolean) => void }) {
  const t = useShellT();
  const formId = useId();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const busyRef = useRef(false);

  const verify = async (value: string) => {
    if (busyRef.current || blocked) return;
    if (value.length !== PIN_PAD_LENGTH) {
      setError(t('authFlow.pinIncomplete'));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      await api.post(SESSION_PATHS.pinVerify, { pin: value }, { sessionCall: true, language: true });
      setPinTimestamp(Date.now());
      onFinish(true);
    } catch (failure) {
      if (isPinBlocked(failure)) setBlocked(true);
      setError(authErrorText(failure, t));
      setPin('');
      inputRef.current?.focus();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={() => onFinish(false)}
      size="sm"
      title={t('prompt.pinTitle')}
      description={t('prompt.pinBody')}
      dismissDisabled={busy}
      initialFocusRef={inputRef}
      footer={
        <>
          <Button variant="secondary" onClick={() => onFinish(false)} disabled={busy}>
            {t('prompt.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={busy} disabled={blocked}>
            {t('prompt.confirm')}
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void verify(pin);
        }}
        noValidate
      >
        <PinPad
          value={pin}
          onChange={(value) => {
            setPin(value);
            if (error && !blocked) setError(null);
          }}
          onComplete={(value) => void verify(value)}
          error={error}
          disabled={busy || blocked}
          inputRef={inputRef}
        />
        {blocked && (
          <Notice $tone="danger">
            <p>
              <TextLink to="/login?forgot=pin" onClick={() => onFinish(false)}>
                {t('login.forgotPin')}
              </TextLink>
            </p>
          </Notice>
        )}
      </Form>
    </Modal>
  );
}

function AcceptTermsPrompt({ onFinish }: { onFinish: (done: boolean) => void }) {
  const t = useShellT();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const termsId = useId();

  const accept = async () => {
    if (!agreed || busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(SESSION_PATHS.bappebtiTnc, undefined, { sessionCall: true, language: true });
      onFinish(true);
    } catch (failure) {
      setError(authErrorText(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={() => onFinish(false)}
      size="sm"
      title={t('prompt.acceptTitle')}
      description={
        <>
          {t('prompt.acceptBody')}{' '}
          <TermsLink type="button" aria-expanded={termsOpen} aria-controls={termsId} onClick={() => setTermsOpen((open) => !open)}>
            {t('prompt.termsLink')}
          </TermsLink>
          {t('prompt.acceptBodyEnd')}
        </>
      }
      dismissDisabled={busy}
      footer={
        <>
          <Button variant="secondary" onClick={() => onFinish(false)} disabled={busy}>
            {t('prompt.cancel')}
          </Button>
          <Button variant="primary" onClick={() => void accept()} loading={busy} disabled={!agreed}>
            {t('prompt.accept')}
          </Button>
        </>
      }
    >
      {termsOpen && (
        <TermsText id={termsId} role="region" aria-labelledby={`${termsId}-title`} tabIndex={0} data-testid="terms-text">
          <h3 id={`${termsId}-title`}>{t('prompt.termsTitle')}</h3>
          {TERMS_PARAGRAPHS.map((key) => (
            <p key={key}>{t(`prompt.terms.${key}`)}</p>
          ))}
        </TermsText>
      )}
      <Check>
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <span>{t('prompt.acceptCheckbox')}</span>
      </Check>
      {error && (
        <Notice role="alert" $tone="danger">
          <p>{error}</p>
        </Notice>
      )}
    </Modal>
  );
}
