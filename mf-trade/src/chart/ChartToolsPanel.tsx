// The indicators dialog and the drawing toolbar: their own chunk, loaded the first time a person
// opens either, together with the engine's tools chunk (studies, drawings) and their strings.
import styled from '@emotion/styled';
import { Button, ErrorState, Field, Modal, Select, Spinner, TextInput, tokens } from '@pasar/shared';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTradeT } from '../i18n';
import { registerChartToolsTranslations } from '../i18n/chart-tools';
import { DRAWING_TOOLS, newStudy, STUDY_TYPES, type DrawingStyle, type Study, type StudyType } from './chart-state';
import type { ChartEngine } from './chart-engine';
import type { ChartTools, DrawingUiState } from './chart-tools';
import { Toggle as ChartToggle } from './ChartToolbar';
import { STUDY_OUTPUTS, STUDY_PARAMS } from './studies';
import { ColorInput } from './ColorInput';

registerChartToolsTranslations();

export type ToolsMode = 'studies' | 'drawings';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; tools: ChartTools };

/** The engine's tools, loading their chunk; a failed load can be retried. */
function useChartTools(engine: ChartEngine): [Loaded, () => void] {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setLoaded({ state: 'loading' });
    engine.openTools().then(
      (tools) => !cancelled && setLoaded({ state: 'ready', tools }),
      () => !cancelled && setLoaded({ state: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [engine, attempt]);
  return [loaded, useCallback(() => setAttempt((n) => n + 1), [])];
}

const List = styled.ul`
  list-style: none;
  margin: 0 0 ${tokens.space.md};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.xs};
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space.xs};
  & > span {
    flex: 1 1 140px;
    min-width: 0;
  }
`;

const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  width: 10px;
  height: 10px;
  margin-inline-end: ${tokens.space.xxs};
  border-radius: 2px;
  background: ${({ $color }) => $color};
`;

const Inline = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${tokens.space.sm};
  & > * {
    flex: 1 1 120px;
  }
`;

const Status = styled.p`
  display: flex;
  align-items: center;
  gap: ${tokens.space.xs};
  margin: 0;
  color: ${tokens.colors.textMuted};
`;

function ToolsState({ loaded, retry }: { loaded: Loaded; retry: () => void }) {
  const { t } = useTradeT();
  if (loaded.state === 'loading')
    return (
      <Status role="status">
        <Spinner size="sm" decorative /> {t('chartTools.loading')}
      </Status>
    );
  return <ErrorState compact headingLevel={3} title={t('chartTools.loadError')} onRetry={retry} />;
}

function paramsText(study: Study): string {
  return STUDY_PARAMS[study.type].map((p) => study.params[p.name]).filter((v) => v !== undefined).join(', ');
}

function StudyForm({ study, onSave, onCancel }: { study: Study; onSave: (study: Study) => void; onCancel: () => void }) {
  const { t } = useTradeT();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(STUDY_PARAMS[study.type].map((p) => [p.name, String(study.params[p.name] ?? '')])),
  );
  const [colors, setColors] = useState(study.colors);
  const [pane, setPane] = useState(study.pane);
  const specs = STUDY_PARAMS[study.type];
  const errorOf = (name: string) => {
    const spec = specs.find((p) => p.name === name)!;
    const n = Number(values[name]);
    return values[name] === '' || !Number.isFinite(n) || n < spec.min || n > spec.max ? t('chartTools.paramError', { min: spec.min, max: spec.max }) : null;
  };
  const [touched, setTouched] = useState(false);
  const invalid = specs.some((p) => errorOf(p.name) !== null);
  const colourCount = study.type === 'VOL' ? 3 : STUDY_OUTPUTS[study.type].length;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (invalid) return;
        onSave({ ...study, params: Object.fromEntries(specs.map((p) => [p.name, Number(values[p.name])])), colors, pane });
      }}
    >
      <Inline>
        {specs.map((p) => (
          <Field key={p.name} label={t(`chartTools.param.${p.name}`)} error={touched ? errorOf(p.name) : null}>
            <TextInput
              type="number"
              inputMode="decimal"
              min={p.min}
              max={p.max}
              step={p.step}
              value={values[p.name]}
              onChange={(event) => setValues((v) => ({ ...v, [p.name]: event.target.value }))}
            />
          </Field>
        ))}
        <Field label={t('chartTools.pane')}>
          <Select
            value={pane}
            onChange={(event) => setPane(event.target.value === 'own' ? 'own' : 'price')}
            options={[
              { value: 'price', label: t('chartTools.panePrice') },
              { value: 'own', label: t('chartTools.paneOwn') },
            ]}
          />
        </Field>
      </Inline>
      <Inline>
        {Array.from({ length: colourCount }, (_, i) => (
          <Field key={i} label={t('chartTools.color', { n: i + 1 })}>
            <ColorInput
              type="color"
              value={colors[i] ?? '#2962ff'}
              onChange={(event) => setColors((c) => Object.assign([...c], { [i]: event.target.value }))}
            />
          </Field>
        ))}
      </Inline>
      <Inline style={{ marginTop: tokens.space.md }}>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('chartTools.cancel')}
        </Button>
        <Button type="submit">{t('chartTools.save')}</Button>
      </Inline>
    </form>
  );
}

export function StudiesDialog({ engine, onClose }: { engine: ChartEngine; onClose: () => void }) {
  const { t } = useTradeT();
  const [loaded, retry] = useChartTools(engine);
  const [studies, setStudies] = useState<Study[]>([]);
  const [editing, setEditing] = useState<Study | null>(null);
  const [adding, setAdding] = useState<StudyType>('RSI');
  const tools = loaded.state === 'ready' ? loaded.tools : null;
  useEffect(() => {
    if (tools) setStudies(tools.studies());
  }, [tools]);
  const commit = (next: Study[]) => {
    tools?.setStudies(next);
    setStudies(next);
  };
  const name = (s: Study) => t(`chartTools.type.${s.type}`);

  return (
    <Modal open onClose={onClose} title={editing ? t('chartTools.edit', { name: name(editing) }) : t('chartTools.studiesTitle')} size="md">
      {!tools ? (
        <ToolsState loaded={loaded} retry={retry} />
      ) : editing ? (
        <StudyForm
          study={editing}
          onCancel={() => setEditing(null)}
          onSave={(saved) => {
            commit(studies.map((s) => (s.id === saved.id ? saved : s)));
            setEditing(null);
          }}
        />
      ) : (
        <div data-testid="studies-dialog">
          {studies.length === 0 ? (
            <p>{t('chartTools.studiesEmpty')}</p>
          ) : (
            <List>
              {studies.map((s) => (
                <Row key={s.id} data-study={s.type}>
                  <span>
                    {s.colors.slice(0, 1).map((c) => (
                      <Swatch key={c} $color={c} aria-hidden />
                    ))}
                    {name(s)} {paramsText(s) && `(${paramsText(s)})`}
                  </span>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(s)}>
                    {t('chartTools.edit', { name: name(s) })}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => commit(studies.filter((x) => x.id !== s.id))}>
                    {t('chartTools.remove', { name: name(s) })}
                  </Button>
                </Row>
              ))}
            </List>
          )}
          <Inline>
            <Field label={t('chartTools.choose')}>
              <Select
                value={adding}
                onChange={(event) => setAdding(event.target.value as StudyType)}
                options={STUDY_TYPES.map((type) => ({ value: type, label: t(`chartTools.type.${type}`) }))}
              />
            </Field>
            <Button onClick={() => commit([...studies, newStudy(adding)])}>{t('chartTools.add')}</Button>
          </Inline>
        </div>
      )}
    </Modal>
  );
}

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space.xs};
  padding: ${tokens.space.xs} 0;
`;

const Toggle = styled(ChartToggle)`
  border-color: ${tokens.colors.border};
  background: ${tokens.colors.surface};
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
`;

const Hint = styled.p`
  flex-basis: 100%;
  margin: 0;
  font-size: ${tokens.fontSizes.xs};
  color: ${tokens.colors.textMuted};
`;

const Small = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space.xxs};
  font-size: ${tokens.fontSizes.sm};
`;

export function DrawingToolbar({ engine, onClose }: { engine: ChartEngine; onClose: () => void }) {
  const { t } = useTradeT();
  const [loaded, retry] = useChartTools(engine);
  const tools = loaded.state === 'ready' ? loaded.tools : null;
  const [ui, setUi] = useState<DrawingUiState>({ tool: null, selected: null, canUndo: false });
  const [style, setStyle] = useState<DrawingStyle>({ color: '#2962ff', width: 2 });
  const [text, setText] = useState(() => t('chartTools.defaultText'));
  const hintId = useId();

  useEffect(() => {
    if (!tools) return undefined;
    setUi(tools.ui());
    tools.setDefaults(style, text);
    const off = tools.onUi((next) => {
      setUi(next);
      if (next.selected) {
        setStyle(next.selected.style);
        if (next.selected.text !== undefined) setText(next.selected.text);
      }
    });
    return () => {
      off();
      tools.setTool(null);
    };
    // The first style and text are the toolbar's defaults; later ones go through restyle().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tools]);

  if (!tools) return <ToolsState loaded={loaded} retry={retry} />;
  const restyle = (next: DrawingStyle, nextText = text) => {
    setStyle(next);
    setText(nextText);
    tools.restyleSelected(next, nextText);
  };
  const showText = ui.tool === 'text' || ui.selected?.tool === 'text';

  return (
    <Toolbar role="toolbar" aria-label={t('chartTools.drawTitle')} aria-describedby={hintId} data-testid="drawing-toolbar" data-drawing-tool={ui.tool ?? ''}>
      {DRAWING_TOOLS.map((tool) => (
        <Toggle key={tool} type="button" aria-pressed={ui.tool === tool} data-tool={tool} onClick={() => tools.setTool(ui.tool === tool ? null : tool)}>
          {t(`chartTools.tool.${tool}`)}
        </Toggle>
      ))}
      <Small>
        {t('chartTools.drawColor')}
        <ColorInput type="color" value={style.color} onChange={(event) => restyle({ ...style, color: event.target.value })} />
      </Small>
      <Small>
        {t('chartTools.drawWidth')}
        <select value={style.width} onChange={(event) => restyle({ ...style, width: Number(event.target.value) })}>
          {[1, 2, 3, 4].map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
      </Small>
      <Small>
        <input type="checkbox" checked={style.dash ?? false} onChange={(event) => restyle({ ...style, dash: event.target.checked })} />
        {t('chartTools.drawDash')}
      </Small>
      {showText && (
        <Small>
          {t('chartTools.drawText')}
          <input value={text} maxLength={200} onChange={(event) => restyle(style, event.target.value)} />
        </Small>
      )}
      <Toggle type="button" disabled={!ui.selected} onClick={() => tools.deleteSelected()}>
        {t('chartTools.deleteDrawing')}
      </Toggle>
      <Toggle type="button" disabled={!ui.canUndo} onClick={() => tools.undo()}>
        {t('chartTools.undo')}
      </Toggle>
      <Toggle type="button" onClick={onClose}>
        {t('chartTools.close')}
      </Toggle>
      <Hint id={hintId}>
        <span aria-live="polite">{ui.selected ? t('chartTools.selected', { name: t(`chartTools.tool.${ui.selected.tool}`) }) : t('chartTools.nothingSelected')}</span>
        {' · '}
        {t('chartTools.hint')}
      </Hint>
    </Toolbar>
  );
}

export function ChartToolsPanel({ mode, engine, onClose }: { mode: ToolsMode; engine: ChartEngine; onClose: () => void }) {
  return mode === 'studies' ? <StudiesDialog engine={engine} onClose={onClose} /> : <DrawingToolbar engine={engine} onClose={onClose} />;
}
