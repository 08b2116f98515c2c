import { act, renderHook } from '@testing-library/react';
import { useSendCode } from '@/components/shared/login/use-send-code';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useSendCode', () => {
  it('counts down 60 s after a successful send and refuses to resend meanwhile', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    const { result } = renderHook(() => useSendCode(send));
    expect(result.current.left).toBe(0);

    await act(() => result.current.trigger('13800138000'));
    expect(send).toHaveBeenCalledWith('13800138000');
    expect(result.current.left).toBe(60);

    await act(async () => {
      jest.advanceTimersByTime(30_000);
    });
    expect(result.current.left).toBe(30);

    await act(() => result.current.trigger('13800138000'));
    expect(send).toHaveBeenCalledTimes(1);

    await act(async () => {
      jest.advanceTimersByTime(30_500);
    });
    expect(result.current.left).toBe(0);
    await act(() => result.current.trigger('13800138000'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not start the countdown when the send fails, and rethrows', async () => {
    const send = jest.fn().mockRejectedValue(new Error('too many requests'));
    const { result } = renderHook(() => useSendCode(send));
    let caught: unknown;
    await act(async () => {
      await result.current.trigger('13800138000').catch((e: unknown) => (caught = e));
    });
    expect((caught as Error).message).toBe('too many requests');
    expect(result.current.left).toBe(0);
    expect(result.current.sending).toBe(false);
  });
});
