// Step one of login, sign-up and forgot-PIN: the phone number, checked with the contract's own
// normaliser before anything is sent (08…, 628…, +628… are one number).
import { Button, Field, normalizePhone, TextInput } from '@pasar/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useShellT } from '../i18n/shell-i18n';
import { StepForm } from './auth-styles';

export interface PhoneStepProps {
  initialPhone?: string;
  /** Sends the normalised number; a rejection's text is shown under the field. */
  onSubmit: (phone: string) => Promise<void>;
  /** An error from the last attempt, shown under the field (a link may follow it). */
  error?: ReactNode;
  submitLabel?: string;
}

export function PhoneStep({ initialPhone = '', onSubmit, error, submitLabel }: PhoneStepProps) {
  const t = useShellT();
  const [value, setValue] = useState(initialPhone);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (value.trim() === '') {
      setInvalid(t('authFlow.phoneRequired'));
      return;
    }
    const phone = normalizePhone(value);
    if (!phone) {
      setInvalid(t('authFlow.phoneInvalid'));
      return;
    }
    setInvalid(null);
    setBusy(true);
    try {
      await onSubmit(phone);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepForm onSubmit={submit} noValidate>
      <Field label={t('authFlow.phoneLabel')} hint={t('authFlow.phoneHint')} error={invalid} required>
        <TextInput
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          autoFocus
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (invalid) setInvalid(null);
          }}
          size="lg"
        />
      </Field>
      {error}
      <Button type="submit" variant="primary" size="lg" fullWidth loading={busy}>
        {submitLabel ?? t('authFlow.continue')}
      </Button>
    </StepForm>
  );
}
