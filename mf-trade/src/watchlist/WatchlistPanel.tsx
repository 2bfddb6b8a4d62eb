// The Watchlist trading view (§2, §7 "watchlists (custom all, predefined, create, delete)"): the
// signed-in user's own lists (create, rename, delete, add and remove symbols of every market,
// reorder with buttons or Alt + arrow keys) with live prices and 24 h change from the one
// WebSocket; a click on a row opens that symbol. The lists themselves move up and down the same
// way. A symbol that is not listed can be suggested for listing. The predefined lists of the market
// (top gainers, top losers, most traded, new listings) are there for everyone. Loaded lazily with
// its strings.
import styled from '@emotion/styled';
import {
  Button,
  ButtonLink,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Field,
  isApiError,
  plainTextProblem,
  Select,
  showToast,
  Skeleton,
  Stack,
  TextInput,
  tokens,
  useAppStore,
  useLocation,
  useNavigate,
  type AssetType,
  type PredefinedWatchlistKind,
  type Watchlist,
} from '@pasar/shared';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { PanelHeading, PanelNote } from '../components/panel-text';
import { useTradeT } from '../i18n';
import { registerAlertsTranslations } from '../i18n/alerts';
import { formatChange, formatPrice, signOf, type PriceFormat } from '../market/price-format';
import { useInstrument } from '../market/use-instruments';
import { useLiveTicker } from '../market/use-live-market';
import { useResource } from '../market/use-resource';
import { tradeHomeFor } from '../markets/trade-market';
import { SuggestAsset } from './SuggestAsset';
import { dropList, loadWatchlists, moved, putList, putLists, watchlists, watchlistStore } from './watchlist-state';

registerAlertsTranslations();

const errorMessage = (error: unknown): string => (isApiError(error) ? error.message : String(error));
const fail = (error: unknown) => showToast({ kind: 'error', title: errorMessage(error) });
/** The refusal of a symbol that is not listed (it may be suggested instead). */
const UNLISTED = '002';

/** Alt + arrow up/down: the move it asks for, or null. */
const altMove = (event: KeyboardEvent<HTMLElement>): -1 | 1 | null =>
  event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown') ? (event.key === 'ArrowUp' ? -1 : 1) : null;

/** Changes go to the server one after another, in the order they were made. */
function useSerial(): (work: () => Promise<void>) => Promise<void> {
  const queue = useRef<Promise<void>>(Promise.resolve());
  return (work) => {
    queue.current = queue.current.then(work, work);
    return queue.current;
  };
}

const Rows = styled.ol`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto auto;
  align-items: center;
  gap: ${tokens.space.xs};
  padding: ${tokens.space.xs} 0;
  border-bottom: 1px solid ${tokens.colors.border};
  &:focus-within {
    background: ${tokens.colors.surfaceSunken};
  }
`;

const RowLink = styled.button`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.xxs} ${tokens.space.sm};
  min-width: 0;
  min-height: 44px;
  padding: ${tokens.space.xxs} ${tokens.space.xs};
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;
  > span:first-of-type {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  strong {
    white-space: nowrap;
  }
  small {
    color: ${tokens.colors.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Figures = styled.span`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  margin-inline-start: auto;
  font-family: ${tokens.fonts.mono};
  font-size: ${tokens.fontSizes.sm};
  font-variant-numeric: tabular-nums;
`;

const Change = styled.span<{ $sign: -1 | 0 | 1 }>`
  color: ${({ $sign }) => ($sign > 0 ? tokens.colors.buyText : $sign < 0 ? tokens.colors.sellText : tokens.colors.textMuted)};
`;

const Inline = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${tokens.space.sm};
  > :first-of-type {
    flex: 1 1 160px;
  }
`;

/** A symbol's live price and 24 h change, formatted for its instrument. */
function LiveFigures({ symbol }: { symbol: string }) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const instrument = useInstrument(symbol);
  const ticker = useLiveTicker(symbol);
  const format: PriceFormat | null = instrument.data
    ? { currency: instrument.data.quoteCurrency, precision: instrument.data.pricePrecision, lng }
    : null;
  if (!ticker.data || !format) return <Skeleton width={72} height={32} />;
  return (
    <Figures>
      <span data-testid="watch-price" aria-label={`${t('watchlist.price')} ${formatPrice(ticker.data.price, format)}`}>
        {formatPrice(ticker.data.price, format)}
      </span>
      <Change $sign={signOf(ticker.data.changePercent24h)} data-testid="watch-change">
        {formatChange(ticker.data.changePercent24h, lng)}
      </Change>
    </Figures>
  );
}

function SymbolRow({
  symbol,
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  symbol: string;
  name: string;
  index: number;
  count: number;
  onMove?: (from: number, delta: -1 | 1) => void;
  onRemove?: (symbol: string) => void;
}) {
  const { t } = useTradeT();
  const navigate = useNavigate();
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const delta = altMove(event);
    if (!onMove || delta === null) return;
    event.preventDefault();
    onMove(index, delta);
  };
  return (
    <Row data-testid="watch-row" data-symbol={symbol}>
      <RowLink type="button" onClick={() => navigate(tradeHomeFor(symbol))} onKeyDown={onKeyDown} aria-keyshortcuts={onMove ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}>
        <span>
          <strong>{symbol}</strong>
          <small>{name}</small>
        </span>
        <LiveFigures symbol={symbol} />
      </RowLink>
      {onMove ? (
        <Stack direction="row" gap="xxs">
          <Button size="sm" variant="ghost" aria-label={t('watchlist.moveUp', { symbol })} disabled={index === 0} onClick={() => onMove(index, -1)}>
            ↑
          </Button>
          <Button size="sm" variant="ghost" aria-label={t('watchlist.moveDown', { symbol })} disabled={index === count - 1} onClick={() => onMove(index, 1)}>
            ↓
          </Button>
        </Stack>
      ) : (
        <span />
      )}
      {onRemove ? (
        <Button size="sm" variant="ghost" aria-label={t('watchlist.removeSymbol', { symbol })} onClick={() => onRemove(symbol)}>
          ✕
        </Button>
      ) : (
        <span />
      )}
    </Row>
  );
}

function ListEditor({ list, symbol, onSuggest }: { list: Watchlist; symbol: string; onSuggest: (name: string) => void }) {
  const { t } = useTradeT();
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [unlisted, setUnlisted] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const rowsRef = useRef<HTMLOListElement>(null);
  const run = useSerial();

  /** Adds a symbol; only one typed in the field clears the field (the current symbol's button leaves it as typed). */
  const add = (value: string, typed: boolean) =>
    run(async () => {
      const wanted = value.trim().toUpperCase();
      try {
        putList(await watchlists().addSymbol(list.id, wanted));
        if (typed) setAdding('');
        setAddError(null);
        setUnlisted(null);
      } catch (error) {
        setAddError(errorMessage(error));
        setUnlisted(isApiError(error) && error.code === UNLISTED ? wanted : null);
      }
    });

  const move = (from: number, delta: -1 | 1) => {
    const symbols = list.items.map((item) => item.symbol);
    const next = moved(symbols, from, delta);
    if (next === symbols) return;
    const target = next[from + delta]!;
    // The moved row keeps the focus where it lands.
    putList({ ...list, items: next.map((s) => list.items.find((item) => item.symbol === s)!) });
    requestAnimationFrame(() => rowsRef.current?.querySelector<HTMLElement>(`[data-symbol="${CSS.escape(target)}"] button`)?.focus());
    void run(async () => {
      try {
        putList(await watchlists().reorderSymbols(list.id, [...next]));
      } catch (error) {
        putList(list);
        fail(error);
      }
    });
  };

  const remove = (value: string) =>
    run(async () => {
      try {
        putList(await watchlists().removeSymbol(list.id, value));
      } catch (error) {
        fail(error);
      }
    });

  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming === null) return;
    const textProblem = plainTextProblem(renaming.trim());
    if (textProblem) {
      showToast({ kind: 'error', title: t(textProblem) });
      return;
    }
    void run(async () => {
      try {
        putList(await watchlists().rename(list.id, renaming));
        setRenaming(null);
      } catch (error) {
        fail(error);
      }
    });
  };

  const hasCurrent = list.items.some((item) => item.symbol === symbol);
  return (
    <Stack gap="sm">
      {renaming === null ? (
        <Stack direction="row" gap="xs" wrap>
          <Button size="sm" variant="secondary" onClick={() => setRenaming(list.name)}>
            {t('watchlist.rename')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(true)}>
            {t('watchlist.remove')}
          </Button>
        </Stack>
      ) : (
        <Inline onSubmit={rename}>
          <Field label={t('watchlist.name')}>
            <TextInput value={renaming} maxLength={40} onChange={(e) => setRenaming(e.target.value)} autoFocus />
          </Field>
          <Button type="submit" size="sm">
            {t('watchlist.saveName')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(null)}>
            {t('watchlist.cancel')}
          </Button>
        </Inline>
      )}
      {list.items.length === 0 ? (
        <PanelNote>{t('watchlist.emptyList')}</PanelNote>
      ) : (
        <>
          <PanelNote id={`reorder-${list.id}`}>{t('watchlist.reorderHint')}</PanelNote>
          <Rows ref={rowsRef} aria-label={list.name} aria-describedby={`reorder-${list.id}`} data-testid="watchlist-rows">
            {list.items.map((item, index) => (
              <SymbolRow key={item.symbol} symbol={item.symbol} name={item.name} index={index} count={list.items.length} onMove={move} onRemove={(s) => void remove(s)} />
            ))}
          </Rows>
        </>
      )}
      <Inline
        onSubmit={(event) => {
          event.preventDefault();
          if (adding.trim()) void add(adding, true);
        }}
      >
        <Field label={t('watchlist.symbolLabel')} error={addError}>
          <TextInput value={adding} maxLength={32} autoComplete="off" onChange={(e) => setAdding(e.target.value)} />
        </Field>
        <Button type="submit" size="sm" disabled={!adding.trim()}>
          {t('watchlist.addSymbol')}
        </Button>
      </Inline>
      {/* Below the field: when the symbol joins the list this button goes, and nothing above moves
          (above the field, its removal shifted the field and its button under the pointer). */}
      {!hasCurrent && (
        <Button size="sm" variant="secondary" onClick={() => void add(symbol, false)}>
          {t('watchlist.addCurrent', { symbol })}
        </Button>
      )}
      {unlisted && (
        <div>
          <Button size="sm" variant="secondary" onClick={() => onSuggest(unlisted)}>
            {t('watchlist.suggestThis', { name: unlisted })}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('watchlist.removeTitle', { name: list.name })}
        description={t('watchlist.removeBody')}
        confirmLabel={t('watchlist.removeConfirm')}
        tone="danger"
        onCancel={() => setConfirmDelete(false)}
        onConfirm={async () => {
          try {
            await watchlists().remove(list.id);
            dropList(list.id);
          } catch (error) {
            fail(error);
          }
          setConfirmDelete(false);
        }}
      />
    </Stack>
  );
}

function MyWatchlists({ symbol }: { symbol: string }) {
  const { t } = useTradeT();
  const { lists, limits, error, selectedId } = watchlistStore();
  const [name, setName] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<{ name: string } | null>(null);
  const run = useSerial();

  useEffect(() => {
    void loadWatchlists();
  }, []);

  if (error && !lists) return <ErrorState compact headingLevel={3} title={t('watchlist.loadError')} description={errorMessage(error)} onRetry={() => void loadWatchlists(true)} />;
  if (!lists) return <Skeleton lines={5} />;
  const selected = lists.find((list) => list.id === selectedId) ?? null;
  const at = selected ? lists.indexOf(selected) : -1;

  /** Moves the chosen list by one place: shown at once, then saved; the server's order replaces ours. */
  const moveList = (delta: -1 | 1) => {
    const next = moved(lists, at, delta);
    if (next === lists) return;
    const before = lists;
    putLists([...next]);
    void run(async () => {
      try {
        putLists((await watchlists().reorderLists(next.map((list) => list.id))).items);
      } catch (failure) {
        putLists(before);
        fail(failure);
      }
    });
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const textProblem = plainTextProblem(name.trim());
    if (textProblem) {
      setCreateError(t(textProblem));
      return;
    }
    try {
      putList(await watchlists().create({ name: name.trim() }), true);
      setName('');
      setCreateError(null);
    } catch (failure) {
      setCreateError(errorMessage(failure));
    }
  };

  return (
    <Stack gap="sm">
      <PanelHeading>{t('watchlist.lists')}</PanelHeading>
      {lists.length === 0 ? (
        <PanelNote>{t('watchlist.empty')}</PanelNote>
      ) : (
        <Inline as="div">
          <Field label={t('watchlist.choose')}>
            <Select
              value={selected?.id ?? ''}
              onChange={(e) => watchlistStore.setState({ selectedId: e.target.value })}
              onKeyDown={(event) => {
                const delta = altMove(event);
                if (delta === null) return;
                event.preventDefault();
                moveList(delta);
              }}
              aria-keyshortcuts={lists.length > 1 ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
              options={lists.map((list) => ({ value: list.id, label: `${list.name} (${list.items.length})` }))}
            />
          </Field>
          {selected && lists.length > 1 && (
            <>
              <Button size="sm" variant="ghost" aria-label={t('watchlist.moveListUp', { name: selected.name })} disabled={at === 0} onClick={() => moveList(-1)}>
                ↑
              </Button>
              <Button size="sm" variant="ghost" aria-label={t('watchlist.moveListDown', { name: selected.name })} disabled={at === lists.length - 1} onClick={() => moveList(1)}>
                ↓
              </Button>
            </>
          )}
        </Inline>
      )}
      {lists.length > 1 && <PanelNote>{t('watchlist.listReorderHint')}</PanelNote>}
      {selected && <ListEditor key={selected.id} list={selected} symbol={symbol} onSuggest={(value) => setSuggestion({ name: value })} />}
      <Inline onSubmit={(event) => void create(event)}>
        <Field label={t('watchlist.name')} error={createError}>
          <TextInput value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Button type="submit" size="sm" variant="secondary" disabled={!name.trim()}>
          {t('watchlist.create')}
        </Button>
      </Inline>
      {limits && (
        <PanelNote>{t('watchlist.limits', { lists: lists.length, maxLists: limits.maxWatchlists, maxSymbols: limits.maxSymbolsPerWatchlist })}</PanelNote>
      )}
      <SuggestAsset request={suggestion} />
    </Stack>
  );
}

const KINDS: readonly PredefinedWatchlistKind[] = ['TOP_GAINERS', 'TOP_LOSERS', 'MOST_TRADED', 'NEW_LISTINGS'];

function PredefinedLists({ assetType }: { assetType: AssetType }) {
  const { t } = useTradeT();
  const [kind, setKind] = useState<PredefinedWatchlistKind>('TOP_GAINERS');
  const predefined = useResource(`predefined:${assetType}`, (signal) => watchlists().predefined({ assetType }, { signal }));
  const list = predefined.data?.items.find((item) => item.kind === kind);
  return (
    <Stack gap="sm">
      <PanelHeading>{t('watchlist.predefined')}</PanelHeading>
      <Field label={t('watchlist.predefined')} hideLabel>
        <Select value={kind} onChange={(e) => setKind(e.target.value as PredefinedWatchlistKind)} options={KINDS.map((k) => ({ value: k, label: t(`watchlist.kinds.${k}`) }))} />
      </Field>
      {predefined.error && !predefined.data ? (
        <ErrorState compact headingLevel={4} title={t('watchlist.predefinedError')} onRetry={predefined.retry} />
      ) : !predefined.data ? (
        <Skeleton lines={4} />
      ) : !list || list.items.length === 0 ? (
        <PanelNote>{t('watchlist.predefinedEmpty')}</PanelNote>
      ) : (
        <Rows aria-label={t(`watchlist.kinds.${kind}`)} data-testid="predefined-rows">
          {list.items.map((item, index) => (
            <SymbolRow key={item.symbol} symbol={item.symbol} name={item.name} index={index} count={list.items.length} />
          ))}
        </Rows>
      )}
    </Stack>
  );
}

export function WatchlistPanel({ symbol, assetType }: { symbol: string; assetType: AssetType }) {
  const { t } = useTradeT();
  const signedIn = useAppStore((state) => !state.guestMode && state.auth.accessToken !== null);
  const { pathname, search } = useLocation();
  return (
    <Stack gap="lg" data-testid="watchlist-panel">
      {signedIn ? (
        <MyWatchlists symbol={symbol} />
      ) : (
        <EmptyState
          compact
          headingLevel={3}
          title={t('watchlist.lists')}
          description={t('watchlist.loginBody')}
          action={
            <ButtonLink to="/login" state={{ from: `${pathname}${search}` }}>
              {t('watchlist.login')}
            </ButtonLink>
          }
        />
      )}
      <PredefinedLists assetType={assetType} />
    </Stack>
  );
}
