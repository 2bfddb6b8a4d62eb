import * as constants from './constants';

describe('business constants of §9', () => {
  it('hold the specified values', () => {
    expect(constants.PERCENT_PRECISION).toBe(2);
    expect(Object.values(constants.BREAKPOINTS)).toEqual([1024, 900, 640]);
    expect(constants.TOOLTIP).toEqual({ enterDelayMs: 100, touchEnterDelayMs: 700, touchLeaveDelayMs: 1500, maxWidth: 300 });
    expect(constants.HALT_STATUS_DELAY_MS).toBe(500);
    expect(constants.SYMBOL_CACHE_TTL_MS).toBe(600_000);
    expect(constants.REQUEST_TIMEOUT_MS).toBe(100_000);
    expect([constants.REQUEST_RETRIES, constants.RETRY_DELAY_MS]).toEqual([3, 500]);
    expect([constants.DEVICE_LIST_PAGE_SIZE, constants.TRANSACTION_HISTORY_PAGE_SIZE]).toEqual([10, 30]);
    expect(constants.PRICE_SCALE).toBe(100);
    expect(constants.TWENTY_THREE_HOURS_MS).toBe(23 * 60 * 60 * 1000);
    expect(constants.SLIDER.marks).toEqual([0, 25, 50, 75, 100]);
    expect(constants.WEB_CLIENT_ID).toBe(9);
  });
});
