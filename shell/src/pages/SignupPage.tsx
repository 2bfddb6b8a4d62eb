// `/signup` (a signup page, §2): phone -> the SMS code -> a PIN, set twice -> logged in.
import {
  api,
  IDENTITY_PATHS,
  TextLink,
  type AuthSession,
  type OtpChallenge,
  type SignupTokenResponse,
  type ValidatePhoneResponse,
} from '@pasar/shared';
import { useState } from 'react';
import { authErrorText, isWeakPin } from '../auth/auth-errors';
import { Footnote, Notice, StepCount } from '../auth/auth-styles';
import { OtpStep } from '../auth/OtpStep';
import { PhoneStep } from '../auth/PhoneStep';
import { PinStep } from '../auth/PinStep';
import { useAuthComplete } from '../auth/use-auth-complete';
import { registerShellAuthTranslations } from '../i18n/auth-i18n';
import { useShellT } from '../i18n/shell-i18n';
import { Panel, PanelText, PanelTitle } from '../layout/panel-styles';
import { usePageFlags } from '../state/use-page-flags';

// This screen's strings arrive with its chunk (decision 0006).
registerShellAuthTranslations();

type Step =
  | { kind: 'phone'; phone: string }
  | { kind: 'otp'; challenge: OtpChallenge; receivedAt: number }
  | { kind: 'pin'; phone: string; signupToken: string; error: string | null }
  | { kind: 'confirm'; phone: string; signupToken: string; pin: string };

const STEP_NUMBER: Record<Step['kind'], number> = { phone: 1, otp: 2, pin: 3, confirm: 3 };

export function SignupPage() {
  usePageFlags({ signup: true });
  const t = useShellT();
  const complete = useAuthComplete();
  const [step, setStep] = useState<Step>({ kind: 'phone', phone: '' });
  const [phoneError, setPhoneError] = useState<{ text: string; registered?: string } | null>(null);

  const sendCode = async (phone: string): Promise<void> => {
    const challenge = await api.post<OtpChallenge>(IDENTITY_PATHS.signupPhone, { phone }, { language: true });
    setStep({ kind: 'otp', challenge, receivedAt: Date.now() });
  };

  const submitPhone = async (phone: string) => {
    setPhoneError(null);
    try {
      const checked = await api.post<ValidatePhoneResponse>(IDENTITY_PATHS.validatePhone, { phone }, { language: true });
      if (checked.registered) {
        setPhoneError({ text: t('signup.registered'), registered: checked.phone });
        return;
      }
      await sendCode(checked.phone);
    } catch (error) {
      setPhoneError({ text: authErrorText(error, t) });
    }
  };

  const titles: Record<Step['kind'], string> = {
    phone: t('signup.title'),
    otp: t('signup.otpTitle'),
    pin: t('signup.pinTitle'),
    confirm: t('signup.confirmTitle'),
  };

  return (
    <Panel aria-labelledby="signup-title">
      <StepCount>{t('authFlow.steps', { step: STEP_NUMBER[step.kind], total: 3 })}</StepCount>
      <PanelTitle id="signup-title">{titles[step.kind]}</PanelTitle>
      {step.kind === 'phone' && (
        <>
          <PanelText>{t('signup.body')}</PanelText>
          <PhoneStep
            initialPhone={step.phone}
            onSubmit={submitPhone}
            error={
              phoneError && (
                <Notice role="alert" $tone="danger">
                  <p>{phoneError.text}</p>
                  {phoneError.registered && (
                    <p>
                      <TextLink to="/login" state={{ phone: phoneError.registered }}>
                        {t('signup.registeredAction')}
                      </TextLink>
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
            const { signupToken } = await api.post<SignupTokenResponse>(
              IDENTITY_PATHS.signupVerifyOtp,
              { phone: step.challenge.phone, otp },
              { language: true },
            );
            setStep({ kind: 'pin', phone: step.challenge.phone, signupToken, error: null });
          }}
          onResend={() => sendCode(step.challenge.phone)}
          onChangePhone={() => setStep({ kind: 'phone', phone: step.challenge.phone })}
        />
      )}
      {step.kind === 'pin' && (
        <PinStep
          key="pin"
          label={t('signup.pinTitle')}
          initialError={step.error}
          newPin
          describeError={(error) => authErrorText(error, t)}
          onSubmit={async (pin) => setStep({ kind: 'confirm', phone: step.phone, signupToken: step.signupToken, pin })}
        >
          <PanelText>{t('signup.pinBody')}</PanelText>
        </PinStep>
      )}
      {step.kind === 'confirm' && (
        <PinStep
          key="confirm"
          label={t('signup.confirmTitle')}
          describeError={(error) => authErrorText(error, t)}
          onSubmit={async (pin) => {
            if (pin !== step.pin) {
              setStep({ kind: 'pin', phone: step.phone, signupToken: step.signupToken, error: t('signup.pinMismatch') });
              return;
            }
            try {
              complete(await api.post<AuthSession>(IDENTITY_PATHS.registerPin, { signupToken: step.signupToken, pin }, { language: true }));
            } catch (error) {
              // Too easy to guess (the server's rule): the PIN is chosen again, the reason by its field.
              if (!isWeakPin(error)) throw error;
              setStep({ kind: 'pin', phone: step.phone, signupToken: step.signupToken, error: authErrorText(error, t) });
            }
          }}
        >
          <PanelText>{t('signup.confirmBody')}</PanelText>
        </PinStep>
      )}
      <Footnote>
        {t('signup.hasAccount')} <TextLink to="/login">{t('signup.toLogin')}</TextLink>
      </Footnote>
    </Panel>
  );
}
