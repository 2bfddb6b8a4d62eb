// The chart's look in the workspace's view section: the price scale (auto, logarithmic or
// percentage; on the right or the left), the crosshair (normal, magnet, hidden) and the up, down and
// background colours, each a native colour field (keyboard and touch come with it) with a way back
// to the theme's colours. Rows wrap, so it fits a 360 px screen.
import styled from '@emotion/styled';
import { Button, cssVariableName, Stack, tokens } from '@pasar/shared';
import { useTradeT } from '../../i18n';
import { CROSSHAIR_MODES, SCALE_MODES, SCALE_SIDES, VIEW_COLOURS, type ChartView, type ViewColour } from '../chart-view';
import { ChartToolbar } from '../ChartToolbar';
import { ColorInput } from '../ColorInput';

/** The theme variable each colour stands in for, and its value when the theme has none (jsdom). */
const THEME_COLOUR: Record<ViewColour, { variable: string; fallback: string }> = {
  upColor: { variable: 'buy', fallback: '#0b7a48' },
  downColor: { variable: 'sell', fallback: '#c4262e' },
  background: { variable: 'surface', fallback: '#ffffff' },
};

function themeColour(key: ViewColour): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(cssVariableName('colors', THEME_COLOUR[key].variable)).trim();
  return /^#[0-9a-f]{6}$/i.test(value) ? value : THEME_COLOUR[key].fallback;
}

const Heading = styled.h3`
  margin: 0;
  font-size: ${tokens.fontSizes.md};
`;

const ColourField = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space.xs};
  min-height: 44px;
  font-size: ${tokens.fontSizes.sm};
`;

const options = (values: readonly string[], label: (value: string) => string) => values.map((value) => ({ value, short: label(value), long: label(value) }));

export function ChartViewControls({ view, onChange }: { view: ChartView; onChange(view: ChartView): void }) {
  const { t } = useTradeT();
  const key = (group: string) => (value: string) => t(`chartView.${group}.${value}`);
  const custom = VIEW_COLOURS.some((colour) => view.colours[colour]);
  return (
    <Stack gap="md" data-testid="chart-view">
      <Heading>{t('chartView.scale')}</Heading>
      <ChartToolbar label={t('chartView.scaleMode')} options={options(SCALE_MODES, key('modes'))} value={view.scale} onChange={(scale) => onChange({ ...view, scale: scale as ChartView['scale'] })} testId="chart-scale-modes" />
      <ChartToolbar label={t('chartView.scaleSide')} options={options(SCALE_SIDES, key('sides'))} value={view.scaleSide} onChange={(side) => onChange({ ...view, scaleSide: side as ChartView['scaleSide'] })} testId="chart-scale-sides" />
      <Heading>{t('chartView.crosshair')}</Heading>
      <ChartToolbar label={t('chartView.crosshair')} options={options(CROSSHAIR_MODES, key('crosshairs'))} value={view.crosshair} onChange={(mode) => onChange({ ...view, crosshair: mode as ChartView['crosshair'] })} testId="chart-crosshairs" />
      <Heading>{t('chartView.colours')}</Heading>
      <Stack direction="row" gap="md" align="center" wrap>
        {VIEW_COLOURS.map((colour) => (
          <ColourField key={colour}>
            <ColorInput type="color" value={view.colours[colour] ?? themeColour(colour)} onChange={(event) => onChange({ ...view, colours: { ...view.colours, [colour]: event.target.value.toLowerCase() } })} />
            {t(`chartView.colour.${colour}`)}
          </ColourField>
        ))}
        <Button type="button" variant="secondary" size="sm" disabled={!custom} onClick={() => onChange({ ...view, colours: {} })}>
          {t('chartView.themeColours')}
        </Button>
      </Stack>
    </Stack>
  );
}
