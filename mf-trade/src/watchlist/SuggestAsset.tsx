// Asking for an asset that is not listed (§8 1156 already sent, 1157 invalid or over the limit):
// a signed-in person's short form under the watchlists, opened from its link or, prefilled, when
// a symbol typed into a list is not listed. The name is checked before anything is sent; the
// server's refusals show by the name field and nothing changes.
import { Button, Field, isApiError, MARKET_LIST, plainTextProblem, Select, showToast, Stack, TextInput, type AssetType } from '@pasar/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { PanelHeading, PanelNote } from '../components/panel-text';
import { useTradeT } from '../i18n';
import { watchlists } from './watchlist-state';

/** The request's bounds (AssetSuggestionRequest): the name, trimmed, and the note. */
const NAME_MIN = 2;
const NAME_MAX = 60;
const NOTE_MAX = 500;
/** Server refusals about the name (shown by its field). */
const NAME_CODES = new Set(['1156', '1157', '002']);

/** What is wrong with a suggested name, as a string key; null when it can be sent. */
export function suggestionNameProblem(name: string): 'suggestNameRequired' | 'suggestNameLength' | null {
  const trimmed = name.trim();
  if (!trimmed) return 'suggestNameRequired';
  return trimmed.length < NAME_MIN || trimmed.length > NAME_MAX ? 'suggestNameLength' : null;
}

export interface SuggestAssetProps {
  /** A name to suggest (an unlisted symbol just typed): opens the form with it. A new object opens it again. */
  request?: { name: string } | null;
}

export function SuggestAsset({ request = null }: SuggestAssetProps) {
  const { t } = useTradeT();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [assetType, setAssetType] = useState<AssetType | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const noteProblem = plainTextProblem(note.trim(), true);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    if (!request) return;
    setName(request.name);
    setProblem(null);
    setSent(null);
    setOpen(true);
  }, [request]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = suggestionNameProblem(name);
    const nameProblem = local ? `watchlist.${local}` : plainTextProblem(name.trim());
    if (nameProblem) {
      setProblem(t(nameProblem));
      return;
    }
    if (noteProblem) return;
    setSending(true);
    try {
      const saved = await watchlists().suggestAsset({
        name: name.trim(),
        ...(assetType ? { assetType } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setSent(t('watchlist.suggestSent', { name: saved.name }));
      setOpen(false);
      setName('');
      setAssetType('');
      setNote('');
      setProblem(null);
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      if (isApiError(error) && NAME_CODES.has(error.code)) setProblem(message);
      else showToast({ kind: 'error', title: message });
    } finally {
      setSending(false);
    }
  };

  if (!open) {
    return (
      <Stack gap="xs" data-testid="suggest-asset">
        {sent && <PanelNote role="status">{sent}</PanelNote>}
        <div>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setSent(null);
              setOpen(true);
            }}
          >
            {t('watchlist.suggest')}
          </Button>
        </div>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('watchlist.suggest')} data-testid="suggest-asset">
      <Stack gap="sm">
        <PanelHeading>{t('watchlist.suggest')}</PanelHeading>
        <PanelNote>{t('watchlist.suggestIntro')}</PanelNote>
        <Field label={t('watchlist.suggestName')} error={problem} required>
          <TextInput
            value={name}
            maxLength={NAME_MAX}
            autoComplete="off"
            autoFocus
            onChange={(e) => {
              setName(e.target.value);
              setProblem(null);
            }}
          />
        </Field>
        <Field label={t('watchlist.suggestMarket')}>
          <Select
            value={assetType}
            onChange={(e) => setAssetType(e.target.value as AssetType | '')}
            options={[
              { value: '', label: t('watchlist.suggestAnyMarket') },
              ...MARKET_LIST.map((market) => ({ value: market.assetType, label: t(`markets.${market.id}`) })),
            ]}
          />
        </Field>
        <Field label={t('watchlist.suggestNote')} error={noteProblem ? t(noteProblem) : null}>
          <TextInput value={note} maxLength={NOTE_MAX} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <Stack direction="row" gap="sm" wrap>
          <Button type="submit" size="sm" loading={sending}>
            {t('watchlist.suggestSend')}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => {
              setOpen(false);
              setProblem(null);
            }}
          >
            {t('watchlist.cancel')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
