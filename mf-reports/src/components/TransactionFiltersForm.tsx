// The history's filters: product, type, status, a WIB date range and a symbol search. The options
// come from the filters call; applying writes them to the URL (the page reads them back).
import styled from '@emotion/styled';
import { Button, Field, Select, TextInput, media, tokens, type TransactionFilterQuery, type TransactionFiltersResponse } from '@pasar/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useReportsT } from '../i18n';

const Form = styled.form`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${tokens.space.md};
  margin-bottom: ${tokens.space.lg};
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(6, minmax(0, 1fr));
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.sm};
  grid-column: 1 / -1;
`;

export interface TransactionFiltersFormProps {
  readonly value: TransactionFilterQuery;
  readonly options: TransactionFiltersResponse | null;
  readonly onApply: (filters: TransactionFilterQuery) => void;
}

const clean = (draft: Record<string, string>): TransactionFilterQuery =>
  Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])) as TransactionFilterQuery;

export function TransactionFiltersForm({ value, options, onApply }: TransactionFiltersFormProps) {
  const { t } = useReportsT();
  const fromValue = (): Record<string, string> => ({
    product: value.product ?? '',
    type: value.type ?? '',
    status: value.status ?? '',
    from: value.from ?? '',
    to: value.to ?? '',
    symbol: value.symbol ?? '',
  });
  const [draft, setDraft] = useState(fromValue);
  // The URL changed (back button, a shared link): show its filters.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setDraft(fromValue()), [value.product, value.type, value.status, value.from, value.to, value.symbol]);

  const set = (key: string) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const choices = (values: readonly string[] | undefined, group: 'products' | 'types' | 'statuses') =>
    [{ value: '', label: t('transactionHistory.filters.any') }, ...(values ?? []).map((v) => ({ value: v, label: t(`transactionHistory.${group}.${v}`) }))];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(clean(draft));
  };

  return (
    <Form aria-label={t('transactionHistory.filters.label')} onSubmit={submit} role="search">
      <Field label={t('transactionHistory.filters.product')}>
        <Select value={draft.product} onChange={set('product')} options={choices(options?.products, 'products')} />
      </Field>
      <Field label={t('transactionHistory.filters.type')}>
        <Select value={draft.type} onChange={set('type')} options={choices(options?.types, 'types')} />
      </Field>
      <Field label={t('transactionHistory.filters.status')}>
        <Select value={draft.status} onChange={set('status')} options={choices(options?.statuses, 'statuses')} />
      </Field>
      <Field label={t('transactionHistory.filters.from')}>
        <TextInput type="date" value={draft.from} onChange={set('from')} />
      </Field>
      <Field label={t('transactionHistory.filters.to')}>
        <TextInput type="date" value={draft.to} onChange={set('to')} />
      </Field>
      <Field label={t('transactionHistory.filters.symbol')}>
        <TextInput value={draft.symbol} onChange={set('symbol')} placeholder={t('transactionHistory.filters.symbolPlaceholder')} maxLength={32} list="transaction-symbols" />
      </Field>
      <datalist id="transaction-symbols">
        {(options?.symbols ?? []).map((symbol) => (
          <option key={symbol} value={symbol} />
        ))}
      </datalist>
      <Actions>
        <Button type="submit">{t('transactionHistory.filters.apply')}</Button>
        <Button type="button" variant="ghost" onClick={() => onApply({})}>
          {t('transactionHistory.filters.reset')}
        </Button>
      </Actions>
    </Form>
  );
}
