import {
  ChartStateError,
  deserializeChartState,
  drawingsOf,
  emptyChartState,
  newStudy,
  parseChartState,
  serializeChartState,
  studiesOf,
  withDrawings,
  withStudies,
  type ChartState,
} from './chart-state';

const state: ChartState = {
  version: 1,
  symbol: 'BTC-IDR',
  resolution: '60',
  range: { from: 1_700_000_000_000, to: 1_700_360_000_000 },
  chartType: 'heikin-ashi',
  studies: [
    { id: 's1', type: 'RSI', params: { period: 9 }, colors: ['#7e57c2'], pane: 'own' },
    { id: 's2', type: 'BOLL', params: { period: 20, deviation: 2.5 }, colors: ['#111', '#222', '#333'], pane: 'price' },
  ],
  drawings: [
    { id: 'd1', tool: 'trend', points: [{ time: 1_700_000_000_000, price: '1500000000.5' }, { time: 1_700_003_600_000, price: '1510000000' }], style: { color: '#2962ff', width: 2 } },
    { id: 'd2', tool: 'hline', points: [{ time: 1_700_000_000_000, price: '1490000000' }], style: { color: '#ef5350', width: 1, dash: true } },
    { id: 'd3', tool: 'text', points: [{ time: 1_700_007_200_000, price: '1520000000' }], style: { color: '#000000', width: 1 }, text: 'Breakout <here>' },
    { id: 'd4', tool: 'fib', points: [{ time: 1, price: '1' }, { time: 2, price: '2' }], style: { color: '#26a69a', width: 1 } },
  ],
};

test('a chart state survives serialise then deserialise unchanged, drawing coordinates exact', () => {
  const text = serializeChartState(state);
  const back = deserializeChartState(text);
  expect(back).toEqual(state);
  expect(back.drawings[0]!.points[0]!.price).toBe('1500000000.5');
  expect(serializeChartState(back)).toBe(text);
});

test('unknown fields are dropped and optional fields stay absent', () => {
  const raw = { ...emptyChartState('ETH-IDR', '1D'), extra: 1 };
  const parsed = parseChartState(raw);
  expect(parsed).toEqual({ version: 1, symbol: 'ETH-IDR', resolution: '1D', studies: [], drawings: [] });
  expect('range' in parsed).toBe(false);
});

test.each([
  ['not JSON', '{', '$'],
  ['wrong version', JSON.stringify({ ...state, version: 2 }), 'version'],
  ['unknown study type', JSON.stringify({ ...state, studies: [{ ...state.studies[0], type: 'ZIGZAG' }] }), 'studies[0].type'],
  ['a number price', JSON.stringify({ ...state, drawings: [{ ...state.drawings[1], points: [{ time: 1, price: 5 }] }] }), 'drawings[0].points[0].price'],
  ['a trend line with one point', JSON.stringify({ ...state, drawings: [{ ...state.drawings[0], points: [{ time: 1, price: '1' }] }] }), 'drawings[0].points'],
  ['a colour that is script', JSON.stringify({ ...state, drawings: [{ ...state.drawings[1], style: { color: 'url(javascript:x)', width: 1 } }] }), 'drawings[0].style.color'],
  ['an unknown chart type', JSON.stringify({ ...state, chartType: 'renko' }), 'chartType'],
])('refuses %s, naming the field', (_name, text, path) => {
  expect(() => deserializeChartState(text)).toThrow(ChartStateError);
  try {
    deserializeChartState(text);
  } catch (error) {
    expect((error as ChartStateError).path).toBe(path);
  }
});

test('templates copy studies and drawings, and applying them gives fresh ids', () => {
  const studies = studiesOf(state);
  studies[0]!.params.period = 99;
  expect(state.studies[0]!.params.period).toBe(9);
  const target = withStudies(emptyChartState('ETH-IDR', '15'), studies);
  expect(target.studies.map((s) => s.type)).toEqual(['RSI', 'BOLL']);
  expect(target.studies[0]!.id).not.toBe('s1');

  const drawn = withDrawings(withDrawings(emptyChartState('ETH-IDR', '15'), drawingsOf(state)), drawingsOf(state));
  expect(drawn.drawings).toHaveLength(8);
  expect(new Set(drawn.drawings.map((d) => d.id)).size).toBe(8);
  expect(drawn.drawings[4]!.points).toEqual(state.drawings[0]!.points);
});

test('a drawing template holds only the drawings on the chart’s symbol, without the symbol', () => {
  const own = { ...state.drawings[0]!, id: 'mine', symbol: state.symbol };
  const other = { ...state.drawings[1]!, id: 'theirs', symbol: 'OTHER-IDR' };
  const untagged = { ...state.drawings[2]!, id: 'old' };
  const template = drawingsOf({ ...state, drawings: [own, other, untagged] });
  expect(template.map((d) => d.id)).toEqual(['mine', 'old']);
  expect(template.every((d) => !('symbol' in d))).toBe(true);
  expect(() => parseChartState({ ...state, drawings: [{ ...own, symbol: '' }] })).toThrow(ChartStateError);
  expect(deserializeChartState(serializeChartState({ ...state, drawings: [own, other] })).drawings.map((d) => d.symbol)).toEqual([state.symbol, 'OTHER-IDR']);
});

test('a new study carries its defaults, not a shared object', () => {
  const a = newStudy('MACD');
  const b = newStudy('MACD');
  a.params.short = 5;
  expect(b.params).toEqual({ short: 12, long: 26, signal: 9 });
  expect(a.pane).toBe('own');
});
