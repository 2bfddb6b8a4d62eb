import { frameBatcher, type FrameScheduler } from './frame-batcher';

/** Frames the test runs by hand. */
function manualFrames() {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  const scheduler: FrameScheduler = {
    request: (callback) => {
      callbacks.set(next, callback);
      return next++;
    },
    cancel: (handle) => callbacks.delete(handle as number),
  };
  const frame = () => {
    const due = [...callbacks.values()];
    callbacks.clear();
    for (const callback of due) callback();
  };
  return { scheduler, frame, scheduled: () => callbacks.size };
}

describe('frameBatcher', () => {
  it('renders once per frame with the latest value, however many arrive', () => {
    const frames = manualFrames();
    const rendered: number[] = [];
    const batcher = frameBatcher<number>((value) => rendered.push(value), frames.scheduler);
    for (let i = 1; i <= 1000; i++) batcher.push(i);
    expect(frames.scheduled()).toBe(1);
    expect(rendered).toEqual([]);
    frames.frame();
    expect(rendered).toEqual([1000]);
    frames.frame();
    expect(rendered).toEqual([1000]);
    batcher.push(1001);
    batcher.push(1002);
    frames.frame();
    expect(rendered).toEqual([1000, 1002]);
  });

  it('flushes a pending value at once, and cancel drops it', () => {
    const frames = manualFrames();
    const rendered: string[] = [];
    const batcher = frameBatcher<string>((value) => rendered.push(value), frames.scheduler);
    batcher.push('a');
    batcher.flush();
    expect(rendered).toEqual(['a']);
    expect(frames.scheduled()).toBe(0);
    batcher.push('b');
    batcher.cancel();
    frames.frame();
    expect(rendered).toEqual(['a']);
  });

  it('uses requestAnimationFrame by default', () => {
    const rendered: number[] = [];
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    const batcher = frameBatcher<number>((value) => rendered.push(value));
    batcher.push(7);
    expect(raf).toHaveBeenCalledTimes(1);
    expect(rendered).toEqual([7]);
    raf.mockRestore();
  });
});
