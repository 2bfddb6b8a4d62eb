// `/account/identity-verification`: the KYC status (NOT_SUBMITTED, PENDING, VERIFIED, REJECTED with
// its reason), the form an Indonesian broker asks for (NIK, name as on the KTP, place and date of
// birth, address, KTP photo and a selfie), files checked for type and size before any upload, and
// after VERIFIED the W-8BEN-style declaration US stocks (gss) need, prefilled from the verified
// identity. Each field is checked as it is typed and on submit, its error by the field; a chosen
// file is checked for its type by its first bytes, as the server does, before any preview.
import styled from '@emotion/styled';
import {
  ACCOUNT_PATHS,
  api,
  Badge,
  Button,
  Card,
  Field,
  isApiError,
  isVideoType,
  KTP_NAME_PATTERN,
  KYC_SNIFF_BYTES,
  KYC_IMAGE_TYPES,
  KYC_VIDEO_TYPES,
  kycMaxBytesFor,
  NIK_PATTERN,
  plainTextProblem,
  showToast,
  sniffKycFileType,
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

/** The first bytes of a file, or null when the browser cannot read them. */
async function firstBytes(file: Blob, count: number): Promise<Uint8Array | null> {
  const head = file.slice(0, count);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  if (typeof FileReader !== 'function') return null;
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result instanceof ArrayBuffer ? new Uint8Array(reader.result) : null);
    reader.onerror = () => resolve(null);
    reader.readAsArrayBuffer(head);
  });
}

/**
 * `fileProblem`, then what the content really is: a file whose first bytes are not those of its
 * declared type (a text file named ktp.jpg) is refused when chosen, as the server would refuse it.
 */
export async function chosenFileProblem(file: File, kind: FileKind): Promise<{ key: string; values?: Record<string, number> } | null> {
  const declared = fileProblem(file, kind);
  if (declared) return declared;
  const bytes = await firstBytes(file, KYC_SNIFF_BYTES).catch(() => null);
  if (bytes && sniffKycFileType(bytes) !== file.type) return { key: kind === 'ktpPhoto' ? 'identity.fileNotImage' : 'identity.fileNotSelfie' };
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
        aria-describedby={[error ? `${inputId}-error` : '', `${inputId}-hint`].filter(Boolean).join(' ')}
        type="file"
        name={kind}
        accept={accept}
        onChange={(event) => {
          const input = event.target;
          const chosen = input.files?.[0] ?? null;
          if (!chosen) {
            onFile(null, null);
            return;
          }
          void chosenFileProblem(chosen, kind).then((problem) => {
            if (problem) {
              // Refused when chosen: no file kept, no preview, the reason by the field.
              input.value = '';
              onFile(null, t(problem.key, problem.values));
              return;
            }
            onFile(chosen, null);
          });
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

type KycErrors = Partial<Record<keyof KycValues, string>>;

/** Each field's problem (an i18n key): "required" first, then control characters, then its format. */
export function validateKyc(values: KycValues): KycErrors {
  const errors: KycErrors = {};
  const nik = values.nik.trim();
  const fullName = values.fullName.trim();
  const birthPlace = values.birthPlace.trim();
  const address = values.address.trim();
  const controls = { fullName: plainTextProblem(fullName), birthPlace: plainTextProblem(birthPlace), address: plainTextProblem(address, true) };
  if (!nik) errors.nik = 'identity.required';
  else if (!/^\d+$/.test(nik)) errors.nik = 'identity.nikDigits';
  else if (!NIK_PATTERN.test(nik)) errors.nik = 'identity.nikInvalid';
  if (!fullName) errors.fullName = 'identity.required';
  else if (controls.fullName) errors.fullName = controls.fullName;
  else if (!KTP_NAME_PATTERN.test(fullName)) errors.fullName = 'identity.nameInvalid';
  else if (fullName.length < 2) errors.fullName = 'identity.nameShort';
  if (!birthPlace) errors.birthPlace = 'identity.required';
  else if (controls.birthPlace) errors.birthPlace = controls.birthPlace;
  else if (birthPlace.length < 2) errors.birthPlace = 'identity.birthPlaceShort';
  if (!values.birthDate) errors.birthDate = 'identity.required';
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(values.birthDate)) errors.birthDate = 'identity.birthDateInvalid';
  if (!address) errors.address = 'identity.required';
  else if (controls.address) errors.address = controls.address;
  else if (address.length < 5) errors.address = 'identity.addressInvalid';
  return errors;
}

const KYC_FIELDS: readonly (keyof KycValues)[] = ['nik', 'fullName', 'birthPlace', 'birthDate', 'address'];

function KycForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useAccountT();
  const [values, setValues] = useState<KycValues>({ nik: '', fullName: '', birthPlace: '', birthDate: '', address: '' });
  const [files, setFiles] = useState<Record<FileKind, File | null>>({ ktpPhoto: null, selfie: null });
  const [fileErrors, setFileErrors] = useState<Record<FileKind, string | null>>({ ktpPhoto: null, selfie: null });
  const [errors, setErrors] = useState<Partial<Record<keyof KycValues, string>>>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  // The server's refusal of a text field (already localized), until the field changes.
  const [serverErrors, setServerErrors] = useState<KycErrors>({});
  const [busy, setBusy] = useState(false);

  // A field is checked as it is typed: its error appears, changes and goes with each keystroke.
  const set = (key: keyof KycValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [key]: event.target.value };
    setValues(next);
    setErrors((current) => ({ ...current, [key]: validateKyc(next)[key] }));
    setServerErrors((current) => ({ ...current, [key]: undefined }));
  };

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
    setServerErrors({});
    try {
      await api.post(ACCOUNT_PATHS.kyc, form, { language: true });
      showToast({ kind: 'success', title: t('identity.submitted') });
      onSubmitted();
    } catch (failure) {
      // The server's refusal of a field or a file goes by that field; the rest under the form.
      const message = errorText(failure);
      const paths = isApiError(failure) ? (failure.details ?? []).map((detail) => detail.path) : [];
      const fileFields = (['ktpPhoto', 'selfie'] as const).filter((kind) => paths.includes(kind));
      const textFields = KYC_FIELDS.filter((key) => paths.includes(key));
      if (fileFields.length + textFields.length === 0) {
        setSubmitError(message);
        return;
      }
      setFileErrors((current) => ({ ...current, ...Object.fromEntries(fileFields.map((kind) => [kind, message])) }));
      setServerErrors(Object.fromEntries(textFields.map((key) => [key, message])));
    } finally {
      setBusy(false);
    }
  };

  const err = (key: keyof KycValues) => (errors[key] ? t(errors[key] as string) : (serverErrors[key] ?? null));

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
    permanentAddress: kyc.address ?? '',
    dateOfBirth: kyc.birthDate ?? '',
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
    const textProblem =
      plainTextProblem(values.fullLegalName.trim()) ?? plainTextProblem(values.permanentAddress.trim(), true) ?? plainTextProblem(values.signature.trim());
    if (textProblem) return setError(t(textProblem));
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
