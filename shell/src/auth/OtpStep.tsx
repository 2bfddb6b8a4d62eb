// The verification code step: the code (autofilled from the SMS where the phone offers it), a
// resend that waits out `resendInSeconds`, and the server's answer under the field.
import { Button, maskPhone, OtpInput, OTP_INPUT_LENGTH, ResendCode, showToast, type OtpChallenge } from '@pasar/shared';
import { useState, type FormEvent } from 'react';
import { useShellT } from '../i18n/shell-i18n';
import { authErrorText } from './auth-errors';
import { Row, StepForm } from './auth-styles';

export interface OtpStepProps {
  challenge: OtpChallenge;
  /** When the challenge arrived (ms): the resend wait counts from it. */
  receivedAt: number;
  onVerify: (otp: string) => Promise<void>;
  onResend: () => Promise<void>;
  onChangePhone: () => void;
}

export function OtpStep({ challenge, receivedAt, onVerify, onResend, onChangePhone }: OtpStepProps) {
  const t = useShellT();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);

  const verify = async (code: string) => {
    if (busy) return;
    if (code.length !== OTP_INPUT_LENGTH) {
      setError(t('authFlow.otpIncomplete'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onVerify(code);
    } catch (failure) {
      setError(authErrorText(failure, t));
      setOtp('');
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verify(otp);
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    try {
      await onResend();
      setOtp('');
      showToast({ kind: 'success', title: t('authFlow.codeSent') });
    } catch (failure) {
      setError(authErrorText(failure, t));
    } finally {
      setResending(false);
    }
  };

  return (
    <StepForm onSubmit={submit} noValidate>
      <p>{t('authFlow.sentTo', { phone: maskPhone(challenge.phone) })}</p>
      <OtpInput
        value={otp}
        onChange={(value) => {
          setOtp(value);
          if (error) setError(null);
        }}
        onComplete={(value) => void verify(value)}
        error={error}
        disabled={busy}
        autoFocus
      />
      <Row>
        <ResendCode availableAt={receivedAt + challenge.resendInSeconds * 1000} onResend={resend} busy={resending} />
        <Button type="button" variant="ghost" size="sm" onClick={onChangePhone}>
          {t('authFlow.changePhone')}
        </Button>
      </Row>
      <Button type="submit" variant="primary" size="lg" fullWidth loading={busy}>
        {t('authFlow.verify')}
      </Button>
    </StepForm>
  );
}
