import { act, renderHook, waitFor } from '@testing-library/react';
import { useApiData } from './use-api-data';

/** A promise the test settles by hand, to order answers as it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A loader whose every call waits for the test to answer it. */
function manualLoader<T>() {
  const calls: ReturnType<typeof deferred<T>>[] = [];
  const load = jest.fn(() => {
    const call = deferred<T>();
    calls.push(call);
    return call.promise;
  });
  const settle = async (index: number, how: (call: ReturnType<typeof deferred<T>>) => void) => {
    await act(async () => {
      how(calls[index]);
      await calls[index].promise.catch(() => undefined);
    });
  };
  return {
    load,
    answer: (index: number, value: T) => settle(index, (call) => call.resolve(value)),
    fail: (index: number, reason: unknown) => settle(index, (call) => call.reject(reason)),
  };
}

/** The hook on a loader the test answers by hand. */
function renderApiData() {
  const loader = manualLoader<string>();
  const { result } = renderHook(() => useApiData(loader.load));
  return { loader, result };
}

describe('useApiData', () => {
  it('is loading until the answer comes, then holds the data', async () => {
    const { loader, result } = renderApiData();
    expect(result.current).toMatchObject({ loading: true, data: null, error: null });

    await loader.answer(0, 'saldo');
    expect(result.current).toMatchObject({ loading: false, data: 'saldo', error: null });
    expect(loader.load).toHaveBeenCalledTimes(1);
  });

  it('holds the error when the load fails', async () => {
    const loader = manualLoader<string>();
    const failure = new Error('offline');
    const { result } = renderHook(() => useApiData(loader.load));

    await loader.fail(0, failure);
    expect(result.current).toMatchObject({ loading: false, data: null, error: failure });
  });

  it('reload shows progress, clears the error and takes the new answer', async () => {
    const { loader, result } = renderApiData();
    await loader.fail(0, new Error('offline'));

    act(() => void result.current.reload());
    expect(result.current).toMatchObject({ loading: true, error: null });

    await loader.answer(1, 'saldo');
    expect(result.current).toMatchObject({ loading: false, data: 'saldo', error: null });
  });

  it('reloads when a dependency changes', async () => {
    const loader = manualLoader<string>();
    const { result, rerender } = renderHook(({ page }) => useApiData(loader.load, [page]), { initialProps: { page: 0 } });
    await loader.answer(0, 'page 0');

    rerender({ page: 1 });
    expect(loader.load).toHaveBeenCalledTimes(2);
    await loader.answer(1, 'page 1');
    expect(result.current.data).toBe('page 1');
  });

  it('refresh loads quietly and keeps the shown data when it fails', async () => {
    const { loader, result } = renderApiData();
    await loader.answer(0, 'old');

    act(() => void result.current.refresh());
    expect(result.current.loading).toBe(false);
    await loader.fail(1, new Error('offline'));
    expect(result.current).toMatchObject({ loading: false, data: 'old', error: null });

    act(() => void result.current.refresh());
    await loader.answer(2, 'new');
    expect(result.current).toMatchObject({ loading: false, data: 'new', error: null });
  });

  it('drops a stale answer that arrives after a newer reload', async () => {
    const { loader, result } = renderApiData();
    act(() => void result.current.reload());

    await loader.answer(1, 'newer');
    expect(result.current).toMatchObject({ loading: false, data: 'newer' });
    await loader.answer(0, 'stale');
    expect(result.current.data).toBe('newer');
  });

  it('drops a refresh answer once a reload has started', async () => {
    const { loader, result } = renderApiData();
    await loader.answer(0, 'first');

    act(() => void result.current.refresh());
    act(() => void result.current.reload());
    await loader.answer(2, 'reloaded');
    await loader.answer(1, 'refreshed late');
    expect(result.current.data).toBe('reloaded');
  });

  it('setData replaces the data and drops a load still on its way', async () => {
    const { loader, result } = renderApiData();
    await loader.fail(0, new Error('offline'));

    act(() => void result.current.reload());
    act(() => result.current.setData('saved'));
    expect(result.current).toMatchObject({ loading: false, data: 'saved', error: null });

    await loader.answer(1, 'older');
    expect(result.current.data).toBe('saved');
  });

  it('loads nothing while not enabled, then loads once enabled', async () => {
    const loader = manualLoader<string>();
    const { result, rerender } = renderHook(({ enabled }) => useApiData(loader.load, [], enabled), {
      initialProps: { enabled: false },
    });
    expect(result.current).toMatchObject({ loading: false, data: null, error: null });
    expect(loader.load).not.toHaveBeenCalled();

    rerender({ enabled: true });
    expect(result.current.loading).toBe(true);
    await loader.answer(0, 'saldo');
    expect(result.current.data).toBe('saldo');
  });

  it('drops the answer on its way when it is disabled', async () => {
    const loader = manualLoader<string>();
    const { result, rerender } = renderHook(({ enabled }) => useApiData(loader.load, [], enabled), {
      initialProps: { enabled: true },
    });

    rerender({ enabled: false });
    expect(result.current.loading).toBe(false);
    await loader.answer(0, 'late');
    expect(result.current.data).toBeNull();
  });

  it('calls the latest loader, not the one of the first render', async () => {
    const first = jest.fn(async () => 'first');
    const second = jest.fn(async () => 'second');
    const { result, rerender } = renderHook(({ load }) => useApiData(load), { initialProps: { load: first } });
    await waitFor(() => expect(result.current.data).toBe('first'));

    rerender({ load: second });
    await act(() => result.current.reload());
    expect(result.current.data).toBe('second');
    expect(first).toHaveBeenCalledTimes(1);
  });
});
