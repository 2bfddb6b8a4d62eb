// Tax reports (§2, §7 "reports: tax"): request a year's or a month's report, watch it being
// generated in the background (its progress polled while one is waiting or running), and download
// the kept PDF and CSV of a ready one; a failed one says so and can be tried again.
import styled from '@emotion/styled';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Field,
  Page,
  PageHeader,
  Select,
  Skeleton,
  api,
  createUuid,
  formatCurrency,
  formatDateTime,
  isApiError,
  media,
  tokens,
  useApiData,
  type BadgeTone,
  type Language,
  type TaxReport,
  type TaxReportStatus,
} from '@pasar/shared';
import { createReportsClient, taxReportFileUrl } from '@pasar/shared/reports-client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ReportLinks } from '../components/ReportLinks';
import { downloadFile } from '../file-download';
import { useReportsT } from '../i18n';
import { registerTaxTranslations } from '../i18n/tax';

registerTaxTranslations();

const reports = createReportsClient(api);
/** How often the list is read again while a report is waiting or being generated. */
const POLL_MS = 1500;
const FIRST_YEAR = 2022;
const WIB_MS = 7 * 60 * 60 * 1000;
const TONES: Record<TaxReportStatus, BadgeTone> = { QUEUED: 'neutral', RUNNING: 'warning', READY: 'success', FAILED: 'danger' };

const Form = styled.form`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${tokens.space.md};
  align-items: end;
  ${media.sm} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.md};
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.sm} ${tokens.space.md};
  align-items: center;
  justify-content: space-between;
  padding: ${tokens.space.md} 0;
  border-bottom: 1px solid ${tokens.colors.border};
  &:last-of-type {
    border-bottom: none;
  }
`;

const Lines = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.xs};
  min-width: 0;
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${tokens.fontSizes.md};
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.sm};
  align-items: center;
`;

const Muted = styled.span`
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.sm};
`;

const Failure = styled.p`
  margin: 0;
  color: ${tokens.colors.dangerText};
  font-size: ${tokens.fontSizes.sm};
`;

const Progress = styled.progress`
  width: 100%;
  max-width: 240px;
`;

/** The current year and month in WIB. */
function nowWib(): { year: number; month: number } {
  const iso = new Date(Date.now() + WIB_MS).toISOString();
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) };
}

export function TaxReportsPage() {
  const { t, i18n } = useReportsT();
  const language = (i18n.language === 'en' ? 'en' : 'id') as Language;
  const today = nowWib();
  const list = useApiData(() => reports.taxReports(), []);
  const [period, setPeriod] = useState<'YEAR' | 'MONTH'>('YEAR');
  const [year, setYear] = useState(String(today.year));
  const [month, setMonth] = useState(String(today.month));
  const [submitting, setSubmitting] = useState(false);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [downloadFailed, setDownloadFailed] = useState<string | null>(null);
  // One request id per submitted choice: a retried submit is the same report, a new choice a new one.
  const requestId = useRef<{ key: string; id: string } | null>(null);

  const items = list.data?.items ?? [];
  const working = items.some((r) => r.status === 'QUEUED' || r.status === 'RUNNING');
  useEffect(() => {
    if (!working) return undefined;
    const timer = setTimeout(() => void list.refresh(), POLL_MS);
    return () => clearTimeout(timer);
  }, [working, list.data, list]);

  const monthName = (m: number) => t(`taxReports.months.m${m}`);
  const titleOf = (r: TaxReport) =>
    r.month === null ? t('taxReports.list.yearTitle', { year: r.year }) : t('taxReports.list.monthTitle', { month: monthName(r.month), year: r.year });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = period === 'YEAR' ? { period, year: Number(year) } : { period, year: Number(year), month: Number(month) };
    const key = JSON.stringify(body);
    if (requestId.current?.key !== key) requestId.current = { key, id: createUuid() };
    setSubmitting(true);
    setRequestError(null);
    try {
      await reports.requestTaxReport(body, { requestId: requestId.current.id });
      requestId.current = null;
      await list.refresh();
    } catch (error) {
      setRequestError(isApiError(error) ? error.message : t('taxReports.form.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const retry = async (id: string) => {
    try {
      await reports.retryTaxReport(id, { requestId: createUuid() });
    } finally {
      await list.refresh();
    }
  };

  const download = async (r: TaxReport, format: 'pdf' | 'csv') => {
    setDownloadFailed(null);
    const name = r.month === null ? `${r.year}` : `${r.year}-${String(r.month).padStart(2, '0')}`;
    try {
      await downloadFile(taxReportFileUrl(r.id, format), `tax-report-${name}.${format}`);
    } catch {
      setDownloadFailed(r.id);
    }
  };

  const years = Array.from({ length: today.year - FIRST_YEAR + 1 }, (_, i) => String(today.year - i));
  const months = Array.from({ length: Number(year) === today.year ? today.month : 12 }, (_, i) => String(i + 1));

  return (
    <Page>
      <PageHeader title={t('taxReports.title')} subtitle={t('taxReports.description')} />
      <ReportLinks />
      <Card>
        <Form aria-label={t('taxReports.form.label')} onSubmit={(event) => void submit(event)}>
          <Field label={t('taxReports.form.period')}>
            <Select
              value={period}
              onChange={(e) => setPeriod(e.target.value === 'MONTH' ? 'MONTH' : 'YEAR')}
              options={[
                { value: 'YEAR', label: t('taxReports.form.yearly') },
                { value: 'MONTH', label: t('taxReports.form.monthly') },
              ]}
            />
          </Field>
          <Field label={t('taxReports.form.year')}>
            <Select value={year} onChange={(e) => setYear(e.target.value)} options={years.map((y) => ({ value: y, label: y }))} />
          </Field>
          {period === 'MONTH' && (
            <Field label={t('taxReports.form.month')}>
              <Select value={months.includes(month) ? month : months[months.length - 1]} onChange={(e) => setMonth(e.target.value)} options={months.map((m) => ({ value: m, label: monthName(Number(m)) }))} />
            </Field>
          )}
          <Button type="submit" loading={submitting}>
            {t('taxReports.form.submit')}
          </Button>
        </Form>
        {requestError !== null && <Failure role="alert">{requestError}</Failure>}
      </Card>
      <Card>
        {list.loading && (
          <div role="status" aria-busy="true" aria-label={t('taxReports.list.loading')}>
            <Skeleton lines={4} />
          </div>
        )}
        {!list.loading && list.error !== null && (
          <ErrorState
            compact
            headingLevel={3}
            title={t('taxReports.list.loadFailed')}
            description={isApiError(list.error) ? list.error.message : undefined}
            onRetry={() => void list.reload()}
          />
        )}
        {!list.loading && list.data && items.length === 0 && <EmptyState headingLevel={2} title={t('taxReports.emptyTitle')} description={t('taxReports.emptyBody')} />}
        {!list.loading && items.length > 0 && (
          <List aria-label={t('taxReports.list.label')}>
            {items.map((r) => (
              <Item key={r.id} data-testid="tax-report">
                <Lines>
                  <Title>
                    {titleOf(r)} <Badge $tone={TONES[r.status]}>{t(`taxReports.statuses.${r.status}`)}</Badge>
                  </Title>
                  <Muted>{t('taxReports.list.requestedAt', { time: formatDateTime(r.createdAt, language) })}</Muted>
                  {(r.status === 'QUEUED' || r.status === 'RUNNING') && (
                    <Progress max={100} value={r.progress} aria-label={`${t('taxReports.list.progress')}: ${titleOf(r)}`}>
                      {r.progress}%
                    </Progress>
                  )}
                  {r.status === 'READY' && r.summary && (
                    <>
                      <Muted>{t('taxReports.list.withheld', { amount: formatCurrency(r.summary.cryptoTaxWithheld, 'IDR', language) })}</Muted>
                      {r.summary.mismatches > 0 && <Muted>{t('taxReports.list.mismatches', { count: r.summary.mismatches })}</Muted>}
                    </>
                  )}
                  {r.status === 'FAILED' && <Failure role="alert">{t('taxReports.list.failed')}</Failure>}
                  {downloadFailed === r.id && <Failure role="alert">{t('taxReports.list.downloadFailed')}</Failure>}
                </Lines>
                <Actions>
                  {r.status === 'READY' && (
                    <>
                      <Button variant="secondary" size="sm" onClick={() => void download(r, 'pdf')} aria-label={`${t('taxReports.list.downloadPdf')}: ${titleOf(r)}`}>
                        {t('taxReports.list.downloadPdf')}
                      </Button>
                      <Button variant="secondary" size="sm" onClick={() => void download(r, 'csv')} aria-label={`${t('taxReports.list.downloadCsv')}: ${titleOf(r)}`}>
                        {t('taxReports.list.downloadCsv')}
                      </Button>
                    </>
                  )}
                  {r.status === 'FAILED' && (
                    <Button variant="secondary" size="sm" onClick={() => void retry(r.id)}>
                      {t('taxReports.list.retry')}
                    </Button>
                  )}
                </Actions>
              </Item>
            ))}
          </List>
        )}
      </Card>
    </Page>
  );
}
