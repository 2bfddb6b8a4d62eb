// `/account/identity-verification`: the KYC status (NOT_SUBMITTED, PENDING, VERIFIED, REJECTED with
// its reason), the form an Indonesian broker asks for (NIK, name as on the KTP, place and date of
// birth, address, KTP photo and a selfie), files checked for type and size before any upload, and
// after VERIFIED the W-8BEN-style declaration US stocks (gss) need.
import styled from '@emotion/styled';
import {
  ACCOUNT_PATHS,
  api,
  Badge,
  Button,
  Card,
  Field,
  isVideoType,
  KTP_NAME_PATTERN,
  KYC_IMAGE_TYPES,
  KYC_VIDEO_TYPES,
  kycMaxBytesFor,
  NIK_PATTERN,
  showToast,
  Stack,
  TextInput,
  tokens,
  useApiData,
  type KycStatusResponse,
} from '@pasar/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { AccountPage, errorText, LoadState } from '../components/AccountPage';
import { KYC_TONE } from '../components/kyc-tone';
import { useAccountT } from '../i18n';

const Preview = styled.img`
  display: block;
  max-width: 100%;
  max-height: 180px;
  margin-top: ${tokens.space.xs};
  border-radius: ${tokens.radii.md};
  border: 1px solid ${tokens.colors.border};
  object-fit: contain;
`;

const Muted = styled.p`
  margin: 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

const FileInput = styled.input`
  max-width: 100%;
  font: inherit;
`;

const Grid = styled.div`
  display: grid;
  gap: ${tokens.space.md};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
`;

const MB = 1024 * 1024;

type FileKind = 'ktpPhoto' | 'selfie';

/** The problem with a chosen file, or null: KTP photos are JPEG/PNG; a selfie may be a short video. */
export function fileProblem(file: File, kind: FileKind): { key: string; values?: Record<string, number> } | null {
  const types: readonly string[] = kind === 'ktpPhoto' ? KYC_IMAGE_TYPES : [...KYC_IMAGE_TYPES, ...KYC_VIDEO_TYPES];
  if (!types.includes(file.type)) return { key: kind === 'ktpPhoto' ? 'identity.fileTypeImage' : 'identity.fileTypeSelfie' };
  const max = kycMaxBytesFor(file.type);
  if (file.size > max) return { key: 'identity.fileTooLarge', values: { max: Math.round(max / MB) } };
  return null;
}

export function IdentityVerificationPage() {
  const { t } = useAccountT();
  const kyc = useApiData(() => api.get<KycStatusResponse>(ACCOUNT_PATHS.kyc, { language: true }));
  const status = kyc.data?.status;
  return (
    <AccountPage section="identity">
      <LoadState loading={kyc.loading && !kyc.data} error={kyc.error} onRetry={() => void kyc.reload()} />
      {kyc.data && status && (
        <>
          <Card title={t('identity.statusLabel')}>
            <Stack gap="sm">
              <div>
                <Badge $tone={KYC_TONE[status] ?? 'neutral'} data-testid="kyc-status">
                  {t(`identity.status.${status}`)}
                </Badge>
              </div>
              <Muted>{t(`identity.statusText.${status}`)}</Muted>
              {status === 'REJECTED' && kyc.data.rejectionReason && (
                <p role="note">
                  {t('identity.reason')}: {kyc.data.rejectionReason}
                </p>
              )}
            </Stack>
          </Card>
          {(status === 'NOT_SUBMITTED' || status === 'REJECTED') && <KycForm onSubmitted={() => void kyc.reload()} />}
          {status === 'VERIFIED' && <GssCard kyc={kyc.data} onSubmitted={() => void kyc.reload()} />}
        </>
      )}
    </AccountPage>
  );
}

function FileField({ kind, file, onFile, error }: { kind: FileKind; file: File | null; onFile: (file: File | null, problem: string | null) => void; error: string | null }) {
  const { t } = useAccountT();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || isVideoType(file.type) || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  const inputId = `${useId()}-${kind}`;
  const accept = kind === 'ktpPhoto' ? KYC_IMAGE_TYPES.join(',') : [...KYC_IMAGE_TYPES, ...KYC_VIDEO_TYPES].join(',');
  return (
    <Field id={inputId} label={t(`identity.${kind}`)} hint={t(`identity.${kind}Hint`)} error={error} required>
      <FileInput
        id={inputId}
        aria-invalid={error ? true : undefined}
        type="file"
        name={kind}
        accept={accept}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          if (!chosen) {
            onFile(null, null);
            return;
          }
          const problem = fileProblem(chosen, kind);
          if (problem) {
            event.target.value = '';
            onFile(null, t(problem.key, problem.values));
            return;
          }
          onFile(chosen, null);
        }}
      />
      {url && <Preview src={url} alt={t('identity.previewOf', { name: file?.name ?? '' })} />}
      {file && !url && <Muted>{file.name}</Muted>}
    </Field>
  );
}

interface KycValues {
  nik: string;
  fullName: string;
  birthPlace: string;
  birthDate: string;
  address: string;
}

function validateKyc(values: KycValues): Partial<Record<keyof KycValues, string>> {
  const errors: Partial<Record<keyof KycValues, string>> = {};
  if (!NIK_PATTERN.test(values.nik.trim())) errors.nik = 'identity.nikInvalid';
  if (values.fullName.trim().length < 2 || !KTP_NAME_PATTERN.test(values.fullName.trim())) errors.fullName = 'identity.nameInvalid';
  if (values.birthPlace.trim().length < 2) errors.birthPlace = 'identity.required';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.birthDate)) errors.birthDate = 'identity.required';
  if (values.address.trim().length < 5) errors.address = 'identity.addressInvalid';
  return errors;
}

function KycForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useAccountT();
  const [values, setValues] = useState<KycValues>({ nik: '', fullName: '', birthPlace: '', birthDate: '', address: '' });
  const [files, setFiles] = useState<Record<FileKind, File | null>>({ ktpPhoto: null, selfie: null });
  const [fileErrors, setFileErrors] = useState<Record<FileKind, string | null>>({ ktpPhoto: null, selfie: null });
  const [errors, setErrors] = useState<Partial<Record<keyof KycValues, string>>>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (key: keyof KycValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateKyc(values);
    setErrors(found);
    const missing: Record<FileKind, string | null> = {
      ktpPhoto: files.ktpPhoto ? fileErrors.ktpPhoto : t('identity.fileRequired'),
      selfie: files.selfie ? fileErrors.selfie : t('identity.fileRequired'),
    };
    setFileErrors(missing);
    if (Object.keys(found).length > 0 || missing.ktpPhoto || missing.selfie) return;
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.append(key, value.trim());
    form.append('ktpPhoto', files.ktpPhoto as File);
    form.append('selfie', files.selfie as File);
    setBusy(true);
    setSubmitError(null);
    try {
      await api.post(ACCOUNT_PATHS.kyc, form, { language: true });
      showToast({ kind: 'success', title: t('identity.submitted') });
      onSubmitted();
    } catch (failure) {
      setSubmitError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const err = (key: keyof KycValues) => (errors[key] ? t(errors[key] as string) : null);

  return (
    <Card title={t('identity.formTitle')}>
      <form onSubmit={submit} noValidate aria-describedby="kyc-form-note">
        <Stack gap="md">
          <Muted id="kyc-form-note">{t('identity.formNote')}</Muted>
          <Field label={t('identity.nik')} hint={t('identity.nikHint')} error={err('nik')} required>
            <TextInput name="nik" inputMode="numeric" maxLength={16} value={values.nik} onChange={set('nik')} />
          </Field>
          <Field label={t('identity.fullName')} error={err('fullName')} required>
            <TextInput name="fullName" autoComplete="name" value={values.fullName} onChange={set('fullName')} />
          </Field>
          <Grid>
            <Field label={t('identity.birthPlace')} error={err('birthPlace')} required>
              <TextInput name="birthPlace" value={values.birthPlace} onChange={set('birthPlace')} />
            </Field>
            <Field label={t('identity.birthDate')} error={err('birthDate')} required>
              <TextInput name="birthDate" type="date" autoComplete="bday" value={values.birthDate} onChange={set('birthDate')} />
            </Field>
          </Grid>
          <Field label={t('identity.address')} error={err('address')} required>
            <TextInput name="address" autoComplete="street-address" value={values.address} onChange={set('address')} />
          </Field>
          <Grid>
            {(['ktpPhoto', 'selfie'] as const).map((kind) => (
              <FileField
                key={kind}
                kind={kind}
                file={files[kind]}
                error={fileErrors[kind]}
                onFile={(file, problem) => {
                  setFiles((current) => ({ ...current, [kind]: file }));
                  setFileErrors((current) => ({ ...current, [kind]: problem }));
                }}
              />
            ))}
          </Grid>
          {submitError && (
            <p role="alert" style={{ color: 'var(--pasar-color-danger-text)' }}>
              {submitError}
            </p>
          )}
          <div>
            <Button type="submit" loading={busy}>
              {t('identity.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

function GssCard({ kyc, onSubmitted }: { kyc: KycStatusResponse; onSubmitted: () => void }) {
  const { t } = useAccountT();
  const status = kyc.gssKycStatus;
  const today = new Date().toISOString().slice(0, 10);
  const [values, setValues] = useState({
    fullLegalName: kyc.fullName ?? '',
    permanentAddress: '',
    dateOfBirth: '',
    npwp: '',
    signature: '',
  });
  const [notUsPerson, setNotUsPerson] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!notUsPerson) return setError(t('gss.certifyRequired'));
    if (values.signature.trim().toLowerCase() !== values.fullLegalName.trim().toLowerCase()) return setError(t('gss.signatureMismatch'));
    if (values.permanentAddress.trim().length < 5 || !/^\d{4}-\d{2}-\d{2}$/.test(values.dateOfBirth)) return setError(t('gss.incomplete'));
    setBusy(true);
    setError(null);
    try {
      await api.post(
        ACCOUNT_PATHS.kycGss,
        {
          declaration: {
            fullLegalName: values.fullLegalName.trim(),
            countryOfCitizenship: 'ID',
            permanentAddress: values.permanentAddress.trim(),
            dateOfBirth: values.dateOfBirth,
            ...(values.npwp.trim() ? { npwp: values.npwp.trim() } : {}),
            notUsPerson: true,
            treatyCountry: 'ID',
            signature: values.signature.trim(),
            signedDate: today,
          },
        },
        { language: true },
      );
      showToast({ kind: 'success', title: t('gss.submitted') });
      onSubmitted();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('gss.title')}>
      <Stack gap="md">
        <div>
          <Badge $tone={KYC_TONE[status] ?? 'neutral'} data-testid="gss-status">
            {t(`identity.status.${status}`)}
          </Badge>
        </div>
        <Muted>{t('gss.description')}</Muted>
        {status === 'REJECTED' && kyc.gssRejectionReason && (
          <p role="note">
            {t('identity.reason')}: {kyc.gssRejectionReason}
          </p>
        )}
        {(status === 'NOT_SUBMITTED' || status === 'REJECTED') && (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Field label={t('gss.fullLegalName')} required>
                <TextInput name="fullLegalName" value={values.fullLegalName} onChange={set('fullLegalName')} />
              </Field>
              <Field label={t('gss.permanentAddress')} required>
                <TextInput name="permanentAddress" value={values.permanentAddress} onChange={set('permanentAddress')} />
              </Field>
              <Grid>
                <Field label={t('gss.dateOfBirth')} required>
                  <TextInput name="dateOfBirth" type="date" value={values.dateOfBirth} onChange={set('dateOfBirth')} />
                </Field>
                <Field label={t('gss.npwp')} hint={t('gss.npwpHint')}>
                  <TextInput name="npwp" inputMode="numeric" value={values.npwp} onChange={set('npwp')} />
                </Field>
              </Grid>
              <Muted>{t('gss.treaty')}</Muted>
              <label style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                <input type="checkbox" checked={notUsPerson} onChange={(event) => setNotUsPerson(event.target.checked)} />
                <span>{t('gss.notUsPerson')}</span>
              </label>
              <Field label={t('gss.signature')} hint={t('gss.signatureHint')} required>
                <TextInput name="signature" value={values.signature} onChange={set('signature')} />
              </Field>
              {error && <p role="alert">{error}</p>}
              <div>
                <Button type="submit" loading={busy}>
                  {t('gss.submit')}
                </Button>
              </div>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
