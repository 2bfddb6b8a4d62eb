// One name field with its submit (save a chart, save a template, rename): required, at most the
// contract's length, no control characters; the submit runs once at a time.
import { Button, CHART_NAME_MAX, Field, plainTextProblem, Stack, TextInput } from '@pasar/shared';
import { useState, type FormEvent } from 'react';
import { useTradeT } from '../../i18n';

export interface NameFormProps {
  label: string;
  submitLabel: string;
  initial?: string;
  /** Resolves when done (the form clears); a rejection keeps the name for another try. */
  onSubmit: (name: string) => Promise<unknown>;
  onCancel?: () => void;
  testId?: string;
}

export function NameForm({ label, submitLabel, initial = '', onSubmit, onCancel, testId }: NameFormProps) {
  const { t } = useTradeT();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    const controls = plainTextProblem(trimmed);
    const problem =
      trimmed.length === 0
        ? t('chartWorkspace.nameRequired')
        : trimmed.length > CHART_NAME_MAX
          ? t('chartWorkspace.nameTooLong', { max: CHART_NAME_MAX })
          : controls
            ? t(controls)
            : null;
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await onSubmit(trimmed);
      setName('');
    } catch {
      // The caller has shown why; the name stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack direction="row" gap="sm" align="end" wrap>
        <Field label={label} error={error}>
          <TextInput value={name} onChange={(event) => setName(event.target.value)} maxLength={CHART_NAME_MAX + 10} autoComplete="off" />
        </Field>
        <Button type="submit" size="sm" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            {t('chartWorkspace.cancel')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
