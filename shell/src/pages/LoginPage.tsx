// `/login`: phone -> the SMS code -> the PIN -> logged in; and "forgot PIN": phone -> code -> a
// new PIN, twice. The PIN ladder (0004, 1114 warning, 1119 blocked) and the rate limits (with
// their wait) are said plainly; a blocked PIN leads straight to forgot-PIN.
import {
  api,
  appStore,
  Button,
  IDENTITY_PATHS,
  showToast,
  TextLink,
  useAppStore,
  useLocation,
  useNavigate,
  type AuthSession,
  type LoginTokenResponse,
  type OtpChallenge,
  type ResetTokenResponse,
  type ValidatePhoneResponse,
} from '@pasar/shared';
import { useState } from 'react';
import { authErrorText, isPinBlocked, isWeakPin } from '../auth/auth-errors';
import { Footnote, Notice, StepCount } from '../auth/auth-styles';
import { OtpStep } from '../auth/OtpStep';
import { PhoneStep } from '../auth/PhoneStep';
import { PinStep } from '../auth/PinStep';
import { returnPath, useAuthComplete } from '../auth/use-auth-complete';
import { registerShellAuthTranslations } from '../i18n/auth-i18n';
import { useShellT } from '../i18n/shell-i18n';
import { Panel, PanelText, PanelTitle } from '../layout/panel-styles';
import { usePageFlags } from '../state/use-page-flags';

// This screen's strings arrive with its chunk (decision 0006).
registerShellAuthTranslations();

type Step =
  | { kind: 'phone'; phone: string }
  | { kind: 'otp'; challenge: OtpChallenge; receivedAt: number }
  | { kind: 'pin'; phone: string; loginToken: string };

type ForgotStep =
  | { kind: 'phone'; phone: string }
  | { kind: 'otp'; challenge: OtpChallenge; receivedAt: number }
  | { kind: 'pin'; phone: string; resetToken: string; error: string | null }
  | { kind: 'confirm'; phone: string; resetToken: string; pin: string };

const initialPhone = (state: unknown): string => {
  const phone = (state as { phone?: unknown } | null)?.phone;
  return typeof phone === 'string' ? phone : '';
};

export function LoginPage() {
  usePageFlags({});
  const t = useShellT();
  const location = useLocation();
  const navigate = useNavigate();
  const forgotRequested = new URLSearchParams(location.search).get('forgot') === 'pin';
  const [mode, setMode] = useState<'login' | 'forgot'>(forgotRequested ? 'forgot' : 'login');
  const [phone, setPhone] = useState(initialPhone(location.state));
  const [notice, setNotice] = useState<string | null>(null);

  const startForgot = (from: string) => {
    setPhone(from);
    setNotice(null);
    setMode('forgot');
  };

  return (
    <Panel aria-labelledby="login-title">
      {mode === 'login' ? (
        <LoginFlow key={`login-${phone}`} phone={phone} notice={notice} onForgot={startForgot} />
      ) : (
        <ForgotPinFlow
          phone={phone}
          onDone={(done) => {
            // A logged-in person reset their PIN (`/login?forgot=pin`): nothing to log in to, so
            // back to where they were, else the trade home.
            if (appStore.getState().auth.accessToken !== null) {
              showToast({ kind: 'success', title: t('forgotPin.doneLoggedIn') });
              navigate(returnPath(location.state), { replace: true });
              return;
            }
            setPhone(done);
            setNotice(t('forgotPin.done'));
            setMode('login');
          }}
          onCancel={() => setMode('login')}
        />
      )}
    </Panel>
  );
}

function LoginFlow({ phone, notice, onForgot }: { phone: string; notice: string | null; onForgot: (phone: string) => void }) {
  const t = useShellT();
  const complete = useAuthComplete();
  const [step, setStep] = useState<Step>({ kind: 'phone', phone });
  const [phoneError, setPhoneError] = useState<{ text: string; signup?: boolean } | null>(null);
  const [blocked, setBlocked] = useState(false);

  const sendCode = async (to: string) => {
    const challenge = await api.post<OtpChallenge>(IDENTITY_PATHS.loginPhone, { phone: to }, { language: true });
    setStep({ kind: 'otp', challenge, receivedAt: Date.now() });
  };

  const submitPhone = async (to: string) => {
    setPhoneError(null);
    try {
      const checked = await api.post<ValidatePhoneResponse>(IDENTITY_PATHS.validatePhone, { phone: to }, { language: true });
      if (!checked.registered) {
        setPhoneError({ text: t('login.notRegistered'), signup: true });
        return;
      }
      await sendCode(checked.phone);
    } catch (error) {
      setPhoneError({ text: authErrorText(error, t) });
    }
  };

  const titles: Record<Step['kind'], string> = { phone: t('login.title'), otp: t('login.otpTitle'), pin: t('login.pinTitle') };
  const stepNumber = { phone: 1, otp: 2, pin: 3 }[step.kind];
  const currentPhone = step.kind === 'otp' ? step.challenge.phone : step.phone;

  return (
    <>
      <StepCount>{t('authFlow.steps', { step: stepNumber, total: 3 })}</StepCount>
      <PanelTitle id="login-title">{titles[step.kind]}</PanelTitle>
      {notice && step.kind === 'phone' && (
        <Notice role="status" $tone="success">
          <p>{notice}</p>
        </Notice>
      )}
      {step.kind === 'phone' && (
        <>
          <PanelText>{t('login.body')}</PanelText>
          <PhoneStep
            initialPhone={step.phone}
            onSubmit={submitPhone}
            error={
              phoneError && (
                <Notice role="alert" $tone="danger">
                  <p>{phoneError.text}</p>
                  {phoneError.signup && (
                    <p>
                      <TextLink to="/signup">{t('login.toSignup')}</TextLink>
                    </p>
                  )}
                </Notice>
              )
            }
          />
        </>
      )}
      {step.kind === 'otp' && (
        <OtpStep
          challenge={step.challenge}
          receivedAt={step.receivedAt}
          onVerify={async (otp) => {
            const { loginToken } = await api.post<LoginTokenResponse>(
              IDENTITY_PATHS.loginVerifyOtp,
              { phone: step.challenge.phone, otp },
              { language: true },
            );
            setStep({ kind: 'pin', phone: step.challenge.phone, loginToken });
          }}
          onResend={() => sendCode(step.challenge.phone)}
          onChangePhone={() => setStep({ kind: 'phone', phone: step.challenge.phone })}
        />
      )}
      {step.kind === 'pin' && (
        <PinStep
          label={t('login.pinTitle')}
          describeError={(error) => {
            if (isPinBlocked(error)) setBlocked(true);
            return authErrorText(error, t);
          }}
          onSubmit={async (pin) => {
            const session = await api.post<AuthSession>(
              IDENTITY_PATHS.loginVerifyPin,
              { loginToken: step.loginToken, pin },
              { language: true },
            );
            complete(session);
          }}
          after={
            <Button type="button" variant={blocked ? 'secondary' : 'ghost'} onClick={() => onForgot(step.phone)}>
              {t('login.forgotPin')}
            </Button>
          }
        >
          <PanelText>{t('login.pinBody')}</PanelText>
        </PinStep>
      )}
      {step.kind !== 'pin' && (
        <Footnote>
          <Button type="button" variant="ghost" size="sm" onClick={() => onForgot(currentPhone)}>
            {t('login.forgotPin')}
          </Button>
        </Footnote>
      )}
      <Footnote>
        {t('login.noAccount')} <TextLink to="/signup">{t('login.toSignup')}</TextLink>
      </Footnote>
    </>
  );
}

function ForgotPinFlow({ phone, onDone, onCancel }: { phone: string; onDone: (phone: string) => void; onCancel: () => void }) {
  const t = useShellT();
  const loggedIn = useAppStore((s) => s.auth.accessToken !== null);
  const [step, setStep] = useState<ForgotStep>({ kind: 'phone', phone });
  const [phoneError, setPhoneError] = useState<string | null>(null);

  const sendCode = async (to: string) => {
    const challenge = await api.post<OtpChallenge>(IDENTITY_PATHS.forgotPinSendOtp, { phone: to }, { language: true });
    setStep({ kind: 'otp', challenge, receivedAt: Date.now() });
  };

  const titles: Record<ForgotStep['kind'], string> = {
    phone: t('forgotPin.title'),
    otp: t('login.otpTitle'),
    pin: t('forgotPin.newPinTitle'),
    confirm: t('forgotPin.confirmTitle'),
  };
  const stepNumber = { phone: 1, otp: 2, pin: 3, confirm: 3 }[step.kind];

  return (
    <>
      <StepCount>{t('authFlow.steps', { step: stepNumber, total: 3 })}</StepCount>
      <PanelTitle id="login-title">{titles[step.kind]}</PanelTitle>
      {step.kind === 'phone' && (
        <>
          <PanelText>{t('forgotPin.body')}</PanelText>
          <PhoneStep
            initialPhone={step.phone}
            onSubmit={async (to) => {
              setPhoneError(null);
              try {
                await sendCode(to);
              } catch (error) {
                setPhoneError(authErrorText(error, t));
              }
            }}
            error={
              phoneError && (
                <Notice role="alert" $tone="danger">
                  <p>{phoneError}</p>
                </Notice>
              )
            }
          />
        </>
      )}
      {step.kind === 'otp' && (
        <OtpStep
          challenge={step.challenge}
          receivedAt={step.receivedAt}
          onVerify={async (otp) => {
            const { resetToken } = await api.post<ResetTokenResponse>(
              IDENTITY_PATHS.forgotPinVerifyOtp,
              { phone: step.challenge.phone, otp },
              { language: true },
            );
            setStep({ kind: 'pin', phone: step.challenge.phone, resetToken, error: null });
          }}
          onResend={() => sendCode(step.challenge.phone)}
          onChangePhone={() => setStep({ kind: 'phone', phone: step.challenge.phone })}
        />
      )}
      {step.kind === 'pin' && (
        <PinStep
          key="new-pin"
          label={t('forgotPin.newPinTitle')}
          initialError={step.error}
          newPin
          describeError={(error) => authErrorText(error, t)}
          onSubmit={async (pin) => setStep({ kind: 'confirm', phone: step.phone, resetToken: step.resetToken, pin })}
        >
          <PanelText>{t('signup.pinBody')}</PanelText>
        </PinStep>
      )}
      {step.kind === 'confirm' && (
        <PinStep
          key="confirm-pin"
          label={t('forgotPin.confirmTitle')}
          describeError={(error) => authErrorText(error, t)}
          onSubmit={async (pin) => {
            if (pin !== step.pin) {
              setStep({ kind: 'pin', phone: step.phone, resetToken: step.resetToken, error: t('signup.pinMismatch') });
              return;
            }
            try {
              await api.post(IDENTITY_PATHS.pinReset, { resetToken: step.resetToken, newPin: pin }, { language: true });
            } catch (error) {
              // Too easy to guess (the server's rule, which knows the birth date): the PIN is chosen again.
              if (!isWeakPin(error)) throw error;
              setStep({ kind: 'pin', phone: step.phone, resetToken: step.resetToken, error: authErrorText(error, t) });
              return;
            }
            onDone(step.phone);
          }}
        >
          <PanelText>{t('signup.confirmBody')}</PanelText>
        </PinStep>
      )}
      {!loggedIn && (
        <Footnote>
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            {t('forgotPin.backToLogin')}
          </Button>
        </Footnote>
      )}
    </>
  );
}
