import { afterPageIdle, isPageIdle, whenPageIdle } from './page-idle';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('starts live work only once the page is idle, each starter in its own task, and cancels cleanly', async () => {
  const started: string[] = [];
  const stopped: string[] = [];
  const cancelA = afterPageIdle(() => {
    started.push('a');
    return () => stopped.push('a');
  });
  const cancelB = afterPageIdle(() => {
    started.push('b');
  });
  cancelB();
  expect(started).toEqual([]);
  expect(isPageIdle()).toBe(false);

  const idle = whenPageIdle();
  await jest.runOnlyPendingTimersAsync();
  await idle;
  expect(isPageIdle()).toBe(true);
  await jest.runOnlyPendingTimersAsync();
  expect(started).toEqual(['a']);

  cancelA();
  expect(stopped).toEqual(['a']);
  // Once idle, a new starter runs at once.
  afterPageIdle(() => {
    started.push('c');
  });
  expect(started).toEqual(['a', 'c']);
});
