// The chart workspace (a chunk of its own, loaded when a person opens it): saved charts (save,
// save as, open, rename, delete), study and drawing templates (save the chart's as one, apply to
// this chart, rename, delete), and the view (1, 2 or 4 charts, the chart type, the ranges of §3,
// the price scale, crosshair and colours).
// Saving needs a login (§5, §6): a guest sees why and a way to log in; the view works for anyone.
// A failed save is shown through the message display (§8); list failures show in place.
import styled from '@emotion/styled';
import {
  appStore,
  Button,
  ButtonLink,
  CHART_RANGES,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  eventBus,
  isApiError,
  Modal,
  showToast,
  Stack,
  TextLink,
  tokens,
  useAppStore,
  useLocation,
  type ChartRange,
} from '@pasar/shared';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Tabs } from '../../components/Tabs';
import { useTradeT } from '../../i18n';
import { registerChartWorkspaceTranslations } from '../../i18n/chart-workspace';
import { CHART_TYPES, drawingsOf, withDrawings, withStudies, type ChartState, type ChartType } from '../chart-state';
import { ChartToolbar } from '../ChartToolbar';
import type { ChartView } from '../chart-view';
import { ChartViewControls } from './ChartViewControls';
import { resolutionLabel } from '../resolution-label';
import { CHART_LOADED_EVENT, createChartsCalls, type ChartsCalls, type ChartTemplate, type SavedChartSummary, type TemplateKind } from './charts-calls';
import { NameForm } from './NameForm';
import { LAYOUT_COUNTS, type LayoutCount } from './workspace-settings';

registerChartWorkspaceTranslations();

/** What the trade chart offers the workspace. */
export interface WorkspaceHost {
  signedIn: boolean;
  /** The first chart's state; null while its engine loads. */
  getState(): ChartState | null;
  /** Puts a state on the first chart (a saved chart of another symbol opens that symbol first). */
  applyState(state: ChartState): void;
  layout: LayoutCount;
  setLayout(count: LayoutCount): void;
  chartType: ChartType;
  setChartType(type: ChartType): void;
  /** The price scale, crosshair and colours. */
  view: ChartView;
  setView(view: ChartView): void;
  range: ChartRange | null;
  setRange(range: ChartRange): void;
}

export interface ChartWorkspaceDialogProps {
  open: boolean;
  onClose(): void;
  host: WorkspaceHost;
  /** The calls (tests pass one over their fake API). */
  calls?: ChartsCalls;
}

type Section = 'charts' | 'studies' | 'drawings' | 'view';

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.xs};
  padding: ${tokens.space.sm} 0;
  border-bottom: 1px solid ${tokens.colors.border};
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const RowName = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
  font-weight: ${tokens.fontWeights.semibold};
`;

const Muted = styled.span`
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

const Heading = styled.h3`
  margin: 0;
  font-size: ${tokens.fontSizes.md};
`;

const messageOf = (error: unknown): string | undefined => (isApiError(error) ? error.message : undefined);

/** A list from the server with loading, error (retry) and reload. */
function useList<T>(load: (signal: AbortSignal) => Promise<T[]>, enabled: boolean) {
  const [state, setState] = useState<{ items: T[] | null; error: unknown }>({ items: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    load(controller.signal).then(
      (items) => setState({ items, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ items: previous.items, error }));
      },
    );
    return () => controller.abort();
    // `load` is rebuilt per render; the attempt counter says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}

function LoginPrompt() {
  const { t } = useTradeT();
  const { pathname, search } = useLocation();
  const from = { from: `${pathname}${search}` };
  return (
    <EmptyState
      compact
      headingLevel={3}
      title={t('chartWorkspace.login')}
      description={t('chartWorkspace.loginBody')}
      action={
        <Stack direction="row" gap="md" align="center" wrap>
          <ButtonLink to="/login" state={from}>
            {t('chartWorkspace.login')}
          </ButtonLink>
          <TextLink to="/signup" state={from}>
            {t('chartWorkspace.signup')}
          </TextLink>
        </Stack>
      }
    />
  );
}

const failure = (title: string, error: unknown) => {
  const description = messageOf(error);
  showToast({ kind: 'error', title, ...(description ? { description } : {}) });
};

interface Named {
  id: string;
  name: string;
}

interface ItemListProps<T extends Named> {
  list: { items: T[] | null; error: unknown; reload(): void };
  label: string;
  empty: string;
  /** What a row says besides its name. */
  details(item: T): ReactNode;
  /** The row's main action (open, apply). */
  action: { label: string; run(item: T): void };
  rename(item: T, name: string): Promise<void>;
  remove(item: T): Promise<void>;
  testId: string;
}

/** A saved list (charts, templates) with its loading, error and empty states; each row acts, renames in place and deletes after asking. */
function ItemList<T extends Named>({ list, label, empty, details, action, rename, remove, testId }: ItemListProps<T>) {
  const { t } = useTradeT();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);

  if (list.error !== null && !list.items) return <ErrorState compact headingLevel={3} title={t('chartWorkspace.loadError')} onRetry={list.reload} />;
  if (!list.items) return <Muted role="status">{t('chartWorkspace.loading')}</Muted>;
  if (list.items.length === 0) return <Muted>{empty}</Muted>;
  return (
    <>
      <List aria-label={label} data-testid={testId}>
        {list.items.map((item) => (
          <Row key={item.id} data-item-id={item.id} data-name={item.name}>
            {renaming === item.id ? (
              <NameForm
                label={t('chartWorkspace.renameLabel', { name: item.name })}
                submitLabel={t('chartWorkspace.saveName')}
                initial={item.name}
                onCancel={() => setRenaming(null)}
                onSubmit={async (name) => {
                  try {
                    await rename(item, name);
                    showToast({ kind: 'success', title: t('chartWorkspace.renamed', { name }) });
                    setRenaming(null);
                    list.reload();
                  } catch (error) {
                    failure(t('chartWorkspace.actionError'), error);
                    throw error;
                  }
                }}
              />
            ) : (
              <>
                <span>
                  <RowName>{item.name}</RowName> {details(item)}
                </span>
                <Stack direction="row" gap="xs" wrap>
                  <Button type="button" size="sm" onClick={() => action.run(item)} aria-label={`${action.label} ${item.name}`}>
                    {action.label}
                  </Button>
                  <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(item.id)} aria-label={`${t('chartWorkspace.rename')} ${item.name}`}>
                    {t('chartWorkspace.rename')}
                  </Button>
                  <Button type="button" size="sm" variant="ghost" onClick={() => setRemoving(item)} aria-label={`${t('chartWorkspace.remove')} ${item.name}`}>
                    {t('chartWorkspace.remove')}
                  </Button>
                </Stack>
              </>
            )}
          </Row>
        ))}
      </List>
      <ConfirmDialog
        open={removing !== null}
        title={t('chartWorkspace.removeTitle', { name: removing?.name ?? '' })}
        description={t('chartWorkspace.removeBody')}
        confirmLabel={t('chartWorkspace.remove')}
        cancelLabel={t('chartWorkspace.cancel')}
        tone="danger"
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove(removing);
            showToast({ kind: 'success', title: t('chartWorkspace.removed', { name: removing.name }) });
            list.reload();
          } catch (error) {
            failure(t('chartWorkspace.actionError'), error);
          } finally {
            setRemoving(null);
          }
        }}
      />
    </>
  );
}

function SavedCharts({ host, calls, onOpened }: { host: WorkspaceHost; calls: ChartsCalls; onOpened(): void }) {
  const { t } = useTradeT();
  const currentId = useAppStore((state) => state.chart.savedChartId);
  const list = useList((signal) => calls.list({ signal }), true);
  const current = list.items?.find((chart) => chart.id === currentId) ?? null;

  const save = async (name: string, chartId?: string) => {
    const state = host.getState();
    if (!state) {
      showToast({ kind: 'error', title: t('chartWorkspace.notReady') });
      throw new Error('not ready');
    }
    try {
      const id = await calls.save({ ...(chartId ? { chartId } : {}), name, state });
      appStore.getState().setChart({ savedChartId: id });
      showToast({ kind: 'success', title: t('chartWorkspace.saved', { name }) });
      list.reload();
    } catch (error) {
      // §8: the save's error message through the message display.
      failure(t('chartWorkspace.saveError'), error);
      throw error;
    }
  };

  const open = async (chart: SavedChartSummary) => {
    try {
      const opened = await calls.open(chart.id);
      appStore.getState().setChart({ savedChartId: chart.id });
      host.applyState(opened.state);
      // §7: loading a chart is an analytics event, with what was loaded.
      eventBus.emit('analytics:track', { name: CHART_LOADED_EVENT, properties: { chartId: chart.id, symbol: opened.state.symbol, resolution: opened.state.resolution } });
      showToast({ kind: 'success', title: t('chartWorkspace.opened', { name: opened.name }) });
      onOpened();
    } catch (error) {
      failure(t('chartWorkspace.openError'), error);
    }
  };

  return (
    <Stack gap="md" data-testid="saved-charts">
      {current && (
        <Button type="button" size="sm" variant="secondary" onClick={() => void save(current.name, current.id).catch(() => undefined)} data-testid="save-current">
          {t('chartWorkspace.save')}: {current.name}
        </Button>
      )}
      <NameForm label={t('chartWorkspace.name')} submitLabel={current ? t('chartWorkspace.saveAs') : t('chartWorkspace.save')} onSubmit={(name) => save(name)} testId="save-chart-form" />
      <ItemList
        list={list}
        label={t('chartWorkspace.tabCharts')}
        empty={t('chartWorkspace.chartsEmpty')}
        testId="saved-chart-list"
        details={(chart) => (
          <Muted>
            {chart.symbol} · {resolutionLabel(chart.resolution, t).short}
            {chart.id === currentId && ` · ${t('chartWorkspace.current')}`}
          </Muted>
        )}
        action={{ label: t('chartWorkspace.open'), run: (chart) => void open(chart) }}
        rename={(chart, name) => calls.rename(chart.id, name)}
        remove={async (chart) => {
          await calls.remove(chart.id);
          if (appStore.getState().chart.savedChartId === chart.id) appStore.getState().setChart({ savedChartId: null });
        }}
      />
    </Stack>
  );
}

function Templates<K extends TemplateKind>({ kind, host, calls }: { kind: K; host: WorkspaceHost; calls: ChartsCalls }) {
  const { t } = useTradeT();
  const list = useList((signal) => calls.templates(kind, { signal }), true);
  const study = kind === 'study';
  const countOf = (template: ChartTemplate<TemplateKind>) =>
    'studies' in template.content ? template.content.studies.length : template.content.drawings.length;

  const saveCurrent = async (name: string) => {
    const state = host.getState();
    // The drawings on this chart's symbol (the others it keeps for their own symbols stay out).
    const items = state ? (study ? state.studies : drawingsOf(state)) : [];
    if (!state || items.length === 0) {
      showToast({ kind: 'error', title: !state ? t('chartWorkspace.notReady') : t(study ? 'chartWorkspace.nothingStudies' : 'chartWorkspace.nothingDrawings') });
      throw new Error('nothing to save');
    }
    try {
      const content = (study ? { studies: state.studies } : { drawings: items }) as ChartTemplate<K>['content'];
      await calls.saveTemplate(kind, name, content);
      showToast({ kind: 'success', title: t('chartWorkspace.templateSaved', { name }) });
      list.reload();
    } catch (error) {
      failure(t('chartWorkspace.saveError'), error);
      throw error;
    }
  };

  const apply = (template: ChartTemplate<K>) => {
    const state = host.getState();
    if (!state) {
      showToast({ kind: 'error', title: t('chartWorkspace.notReady') });
      return;
    }
    const content = template.content as ChartTemplate<TemplateKind>['content'];
    host.applyState('studies' in content ? withStudies(state, content.studies) : withDrawings(state, content.drawings));
    showToast({ kind: 'success', title: t('chartWorkspace.applied', { name: template.name }) });
  };

  return (
    <Stack gap="md" data-testid={`${kind}-templates`}>
      <NameForm label={t('chartWorkspace.name')} submitLabel={t(study ? 'chartWorkspace.saveStudies' : 'chartWorkspace.saveDrawings')} onSubmit={saveCurrent} />
      <ItemList
        list={list}
        label={t(study ? 'chartWorkspace.tabStudies' : 'chartWorkspace.tabDrawings')}
        empty={t(study ? 'chartWorkspace.studiesEmpty' : 'chartWorkspace.drawingsEmpty')}
        testId={`${kind}-template-list`}
        details={(template) => <Muted>({countOf(template)})</Muted>}
        action={{ label: t('chartWorkspace.apply'), run: apply }}
        rename={(template, name) => calls.renameTemplate(kind, template.id, name)}
        remove={(template) => calls.removeTemplate(kind, template.id)}
      />
    </Stack>
  );
}

const TYPE_KEYS: Record<ChartType, string> = {
  candles: 'chartWorkspace.typeCandles',
  line: 'chartWorkspace.typeLine',
  area: 'chartWorkspace.typeArea',
  'heikin-ashi': 'chartWorkspace.typeHeikinAshi',
};

function ViewSettings({ host }: { host: WorkspaceHost }) {
  const { t } = useTradeT();
  const layouts = LAYOUT_COUNTS.map((count) => ({ value: String(count), short: String(count), long: t(`chartWorkspace.layout${count}`) }));
  const types = CHART_TYPES.map((type) => ({ value: type, short: t(TYPE_KEYS[type]), long: t(TYPE_KEYS[type]) }));
  const ranges = CHART_RANGES.map((range) => ({ value: range, short: t(`range.${range}`), long: t(`range.${range}Long`) }));
  return (
    <Stack gap="md">
      <Heading>{t('chartWorkspace.layout')}</Heading>
      <ChartToolbar label={t('chartWorkspace.layout')} options={layouts} value={String(host.layout)} onChange={(value) => host.setLayout(Number(value) as LayoutCount)} testId="chart-layouts" />
      <Heading>{t('chartWorkspace.chartType')}</Heading>
      <ChartToolbar label={t('chartWorkspace.chartType')} options={types} value={host.chartType} onChange={(value) => host.setChartType(value as ChartType)} testId="chart-types" />
      <Heading>{t('chartWorkspace.range')}</Heading>
      <ChartToolbar label={t('chartWorkspace.range')} options={ranges} value={host.range ?? ''} onChange={(value) => host.setRange(value as ChartRange)} testId="chart-ranges" />
      <ChartViewControls view={host.view} onChange={host.setView} />
    </Stack>
  );
}

export function ChartWorkspaceDialog({ open, onClose, host, calls: given }: ChartWorkspaceDialogProps) {
  const { t } = useTradeT();
  const [calls] = useState(() => given ?? createChartsCalls());
  const [section, setSection] = useState<Section>(host.signedIn ? 'charts' : 'view');
  const gated = (render: () => ReactNode) => () => (host.signedIn ? render() : <LoginPrompt />);
  return (
    <Modal open={open} onClose={onClose} title={t('chartWorkspace.title')} size="lg">
      <div data-testid="chart-workspace">
        <Tabs<Section>
          label={t('chartWorkspace.tabs')}
          value={section}
          onChange={setSection}
          items={[
            { key: 'charts', label: t('chartWorkspace.tabCharts'), render: gated(() => <SavedCharts host={host} calls={calls} onOpened={onClose} />) },
            { key: 'studies', label: t('chartWorkspace.tabStudies'), render: gated(() => <Templates kind="study" host={host} calls={calls} />) },
            { key: 'drawings', label: t('chartWorkspace.tabDrawings'), render: gated(() => <Templates kind="drawing" host={host} calls={calls} />) },
            { key: 'view', label: t('chartWorkspace.tabView'), render: () => <ViewSettings host={host} /> },
          ]}
        />
      </div>
    </Modal>
  );
}
