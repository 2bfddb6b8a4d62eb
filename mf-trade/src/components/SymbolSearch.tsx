// Symbol search across all markets (ARIA 1.2 combobox with a grouped listbox): type to filter,
// arrows to move, Enter to open the symbol's trade page, Escape to close. The list is the
// instrument list the page already loaded for its header (one request serves both).
import styled from '@emotion/styled';
import { Spinner, tokens, useNavigate } from '@pasar/shared';
import { startTransition, useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTradeT } from '../i18n';
import { useInstruments } from '../market/use-instruments';
import { hitLocation, searchSymbols, type SearchHit } from '../markets/symbol-search';
import { SymbolMark } from './SymbolMark';

const Root = styled.div`
  position: relative;
  width: 100%;
  max-width: 420px;
`;

const Input = styled.input`
  width: 100%;
  min-height: 40px;
  padding: 0 ${tokens.space.md};
  border: 1px solid ${tokens.colors.borderStrong};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.text};
  font: inherit;
  &:focus-visible {
    outline: 2px solid ${tokens.colors.focusRing};
    outline-offset: 1px;
  }
`;

const Popup = styled.div`
  position: absolute;
  z-index: ${tokens.zIndex.dropdown};
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  max-height: min(60vh, 420px);
  overflow-y: auto;
  padding: ${tokens.space.xs} 0;
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surfaceElevated};
  box-shadow: ${tokens.shadows.lg};
`;

const GroupLabel = styled.div`
  padding: ${tokens.space.xs} ${tokens.space.md};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.xs};
  font-weight: ${tokens.fontWeights.semibold};
  text-transform: uppercase;
`;

const Option = styled.div`
  display: flex;
  align-items: center;
  gap: ${tokens.space.sm};
  min-height: 40px;
  padding: ${tokens.space.xxs} ${tokens.space.md};
  cursor: pointer;
  &[aria-selected='true'] {
    background: ${tokens.colors.surfaceSunken};
    box-shadow: inset 3px 0 0 ${tokens.colors.primary};
  }
  strong {
    font-weight: ${tokens.fontWeights.semibold};
  }
  span {
    min-width: 0;
    overflow: hidden;
    color: ${tokens.colors.textMuted};
    font-size: ${tokens.fontSizes.sm};
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Note = styled.p`
  display: flex;
  align-items: center;
  gap: ${tokens.space.sm};
  margin: 0;
  padding: ${tokens.space.sm} ${tokens.space.md};
  color: ${tokens.colors.textMuted};
  button {
    margin-left: auto;
    border: 0;
    background: none;
    color: ${tokens.colors.primaryText};
    font: inherit;
    font-weight: ${tokens.fontWeights.semibold};
    cursor: pointer;
  }
`;

export function SymbolSearch({ onSelect }: { onSelect?: (ticker: string) => void }) {
  const { t } = useTradeT();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const instruments = useInstruments();
  const state = instruments.data ? 'ready' : instruments.error ? 'failed' : 'loading';
  const load = instruments.retry;
  const entries = instruments.data ?? [];
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const groups = useMemo(() => searchSymbols(entries, query), [entries, query]);
  const flat = useMemo(() => groups.flatMap((group) => group.hits), [groups]);
  const activeHit: SearchHit | undefined = open ? flat[active] : undefined;
  const optionId = (index: number) => `${id}-opt-${index}`;

  useEffect(() => setActive(0), [query]);
  // Keeps the active option in view while the arrows move through a long list.
  useEffect(() => {
    if (activeHit) document.getElementById(`${id}-opt-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeHit, active, id]);

  const choose = (hit: SearchHit) => {
    setOpen(false);
    setQuery('');
    if (onSelect) onSelect(hit.symbol);
    // The new symbol's page renders as a transition: the closed list is painted at once and the
    // page re-renders in slices after it, not inside the Enter or the click (it took 150–450 ms
    // of the key's processing under 4x CPU slowdown).
    else startTransition(() => navigate(hitLocation(hit)));
  };

  const openList = () => setOpen(true);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else if (flat.length) setActive((index) => (index + 1) % flat.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else if (flat.length) setActive((index) => (index - 1 + flat.length) % flat.length);
        break;
      case 'Enter':
        if (activeHit) {
          event.preventDefault();
          choose(activeHit);
        }
        break;
      case 'Escape':
        if (open) setOpen(false);
        else setQuery('');
        break;
      default:
        break;
    }
  };

  let index = -1;
  return (
    <Root>
      <Input
        type="search"
        role="combobox"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeHit ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          if (!open) openList();
        }}
        onClick={openList}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <Popup id={listId} role="listbox" aria-label={t('search.results')} hidden={!open}>
        {open && state === 'loading' && (
          <Note role="status">
            <Spinner size="sm" /> {t('search.loading')}
          </Note>
        )}
        {open && state === 'failed' && (
          <Note role="alert">
            {t('search.failed')}
            <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={load}>
              {t('search.retry')}
            </button>
          </Note>
        )}
        {open && state === 'ready' && flat.length === 0 && <Note role="status">{t('search.empty', { query })}</Note>}
        {open &&
          groups.map((group) => (
            <div role="group" key={group.market} aria-labelledby={`${id}-${group.market}`}>
              <GroupLabel id={`${id}-${group.market}`} role="presentation">
                {t(`markets.${group.market}`)}
              </GroupLabel>
              {group.hits.map((hit) => {
                index += 1;
                const mine = index;
                return (
                  <Option
                    key={hit.symbol}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === active}
                    // Keeps the focus in the input so the list does not close before the click.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActive(mine)}
                    onClick={() => choose(hit)}
                  >
                    <SymbolMark icon={hit.icon} symbol={hit.symbol} size={24} />
                    <strong>{hit.symbol}</strong>
                    <span>{hit.name}</span>
                  </Option>
                );
              })}
            </div>
          ))}
      </Popup>
    </Root>
  );
}
