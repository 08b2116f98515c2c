import { whenIdle } from '@/lib/client/when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    jest.useRealTimers();
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  });

  it('waits for the load event, then for an idle period', () => {
    const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle: IdleRequestCallback[] = [];
    window.requestIdleCallback = jest.fn((cb: IdleRequestCallback) => idle.push(cb));
    window.cancelIdleCallback = jest.fn();
    const task = jest.fn();
    whenIdle(task);
    expect(window.requestIdleCallback).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(window.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(task).not.toHaveBeenCalled();
    idle[0]!({ didTimeout: false, timeRemaining: () => 10 });
    expect(task).toHaveBeenCalledTimes(1);
    readyState.mockRestore();
  });

  it('runs after a zero timeout where the browser has no idle callbacks, and not at all once cancelled', () => {
    jest.useFakeTimers();
    const ran = jest.fn();
    const dropped = jest.fn();
    whenIdle(ran);
    const cancel = whenIdle(dropped);
    cancel();
    jest.runAllTimers();
    expect(ran).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
  });
});
