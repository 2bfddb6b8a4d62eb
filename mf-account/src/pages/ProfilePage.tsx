// `/account/profile`: the name (shown as text, whatever it contains), and changing the e-mail or
// the phone number: the PIN first (the client's 040 prompt), then a code sent to the NEW address.
import {
  ACCOUNT_PATHS,
  api,
  Button,
  Card,
  Field,
  formatPhone,
  normalizePhone,
  OtpInput,
  plainTextProblem,
  ResendCode,
  showToast,
  Stack,
  TextInput,
  useApiData,
  USER_NAME_MAX_LENGTH,
  type ChangeOtpChallenge,
  type UserMe,
} from '@pasar/shared';
import { useState, type FormEvent } from 'react';
import { AccountPage, errorText, LoadState } from '../components/AccountPage';
import { useAccountT } from '../i18n';

export function ProfilePage() {
  const { t } = useAccountT();
  const me = useApiData(() => api.get<UserMe>(ACCOUNT_PATHS.me, { language: true }));
  return (
    <AccountPage section="profile">
      <LoadState loading={me.loading && !me.data} error={me.error} onRetry={() => void me.reload()} />
      {me.data && (
        <>
          <NameCard me={me.data} onSaved={me.setData} />
          <ChangeCard
            kind="email"
            current={me.data.email ?? t('profile.noEmail')}
            onChanged={() => void me.reload()}
          />
          <ChangeCard kind="phone" current={formatPhone(me.data.phone)} onChanged={() => void me.reload()} />
        </>
      )}
    </AccountPage>
  );
}

function NameCard({ me, onSaved }: { me: UserMe; onSaved: (me: UserMe) => void }) {
  const { t } = useAccountT();
  const [name, setName] = useState(me.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('profile.nameRequired'));
      return;
    }
    if (trimmed.length > USER_NAME_MAX_LENGTH) {
      setError(t('profile.nameTooLong', { max: USER_NAME_MAX_LENGTH }));
      return;
    }
    const textProblem = plainTextProblem(trimmed);
    if (textProblem) {
      setError(t(textProblem));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await api.patch<UserMe>(ACCOUNT_PATHS.me, { name: trimmed }, { language: true });
      onSaved(saved);
      showToast({ kind: 'success', title: t('profile.nameSaved') });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('profile.nameTitle')}>
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <p data-testid="profile-name">{me.name || t('profile.noName')}</p>
          <Field label={t('profile.name')} error={error}>
            <TextInput name="name" value={name} autoComplete="name" onChange={(event) => setName(event.target.value)} />
          </Field>
          <div>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function ChangeCard({ kind, current, onChanged }: { kind: 'email' | 'phone'; current: string; onChanged: () => void }) {
  const { t } = useAccountT();
  const [value, setValue] = useState('');
  const [challenge, setChallenge] = useState<{ at: number; answer: ChangeOtpChallenge; target: string } | null>(null);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const paths =
    kind === 'email'
      ? { otp: ACCOUNT_PATHS.emailChangeOtp, verify: ACCOUNT_PATHS.emailChangeVerify }
      : { otp: ACCOUNT_PATHS.phoneChangeOtp, verify: ACCOUNT_PATHS.phoneChangeVerify };

  const requestCode = async (target: string) => {
    const body = kind === 'email' ? { email: target } : { phone: target };
    // A 040 here opens the PIN prompt; once the PIN is in, this same call goes through.
    const answer = await api.post<ChangeOtpChallenge>(paths.otp, body, { language: true });
    setChallenge({ at: Date.now(), answer, target });
    setOtp('');
  };

  const submitTarget = async (event: FormEvent) => {
    event.preventDefault();
    const target = kind === 'email' ? value.trim() : normalizePhone(value);
    if (!target || (kind === 'email' && !EMAIL_PATTERN.test(target))) {
      setError(t(kind === 'email' ? 'profile.emailInvalid' : 'profile.phoneInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestCode(target);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (code: string) => {
    if (code.length !== 6) {
      setError(t('profile.otpIncomplete'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.post(paths.verify, { otp: code }, { language: true });
      showToast({ kind: 'success', title: t(kind === 'email' ? 'profile.emailChanged' : 'profile.phoneChanged') });
      setChallenge(null);
      setValue('');
      onChanged();
    } catch (failure) {
      setError(errorText(failure));
      setOtp('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t(kind === 'email' ? 'profile.emailTitle' : 'profile.phoneTitle')}>
      <Stack gap="md">
        <p>
          {t(kind === 'email' ? 'profile.email' : 'profile.phone')}: <strong>{current}</strong>
        </p>
        {!challenge ? (
          <form onSubmit={submitTarget} noValidate>
            <Stack gap="md">
              <Field label={t(kind === 'email' ? 'profile.newEmail' : 'profile.newPhone')} error={error} hint={t('profile.pinNeeded')}>
                <TextInput
                  name={kind === 'email' ? 'newEmail' : 'newPhone'}
                  type={kind === 'email' ? 'email' : 'tel'}
                  inputMode={kind === 'email' ? 'email' : 'tel'}
                  autoComplete={kind === 'email' ? 'email' : 'tel'}
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                />
              </Field>
              <div>
                <Button type="submit" variant="secondary" loading={busy}>
                  {t('profile.sendCode')}
                </Button>
              </div>
            </Stack>
          </form>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void verify(otp);
            }}
            noValidate
          >
            <Stack gap="md">
              <p>{t('profile.codeSentTo', { destination: challenge.answer.destination })}</p>
              <OtpInput value={otp} onChange={setOtp} onComplete={(code) => void verify(code)} error={error} disabled={busy} autoFocus />
              <ResendCode
                availableAt={challenge.at + challenge.answer.resendInSeconds * 1000}
                onResend={() => requestCode(challenge.target).catch((failure: unknown) => setError(errorText(failure)))}
              />
              <Stack direction="row" gap="sm" wrap>
                <Button type="submit" loading={busy}>
                  {t('profile.confirmChange')}
                </Button>
                <Button type="button" variant="ghost" onClick={() => setChallenge(null)}>
                  {t('common.cancel')}
                </Button>
              </Stack>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
