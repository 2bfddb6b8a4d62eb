import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installPointerEventPolyfill } from '../testing/pointer-event-polyfill';
import { Tooltip, TOOLTIP_CONFIG } from './Tooltip';

installPointerEventPolyfill();

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

const setup = () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <Tooltip content="Biaya termasuk pajak">
      <button type="button">Biaya</button>
    </Tooltip>,
  );
  return { user, trigger: screen.getByRole('button', { name: 'Biaya' }) };
};

const tooltip = () => screen.getByRole('tooltip', { hidden: true });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('Tooltip', () => {
  it('uses the §9 timings and width', () => {
    expect(TOOLTIP_CONFIG).toMatchObject({
      enterDelayMs: 100,
      touchEnterDelayMs: 700,
      touchLeaveDelayMs: 1500,
      maxWidthPx: 300,
    });
  });

  it('describes its trigger even while hidden', () => {
    const { trigger } = setup();
    expect(trigger).toHaveAccessibleDescription('Biaya termasuk pajak');
    expect(tooltip()).not.toBeVisible();
  });

  it('opens 100 ms after the pointer enters, not before, and closes when it leaves', async () => {
    const { user, trigger } = setup();
    await user.hover(trigger);
    advance(99);
    expect(tooltip()).not.toBeVisible();
    advance(1);
    expect(tooltip()).toBeVisible();

    await user.unhover(trigger);
    advance(TOOLTIP_CONFIG.hoverLeaveDelayMs);
    expect(tooltip()).not.toBeVisible();
  });

  it('opens on keyboard focus and closes on blur', async () => {
    const { user, trigger } = setup();
    await user.tab();
    expect(trigger).toHaveFocus();
    advance(100);
    expect(tooltip()).toBeVisible();
    await user.tab();
    expect(tooltip()).not.toBeVisible();
  });

  it('closes on Escape', async () => {
    const { user } = setup();
    await user.tab();
    advance(100);
    await user.keyboard('{Escape}');
    expect(tooltip()).not.toBeVisible();
  });

  it('opens on a 700 ms touch long-press and stays 1500 ms after the finger lifts', () => {
    const { trigger } = setup();
    fireEvent.pointerDown(trigger, { pointerType: 'touch' });
    advance(699);
    expect(tooltip()).not.toBeVisible();
    advance(1);
    expect(tooltip()).toBeVisible();

    fireEvent.pointerUp(trigger, { pointerType: 'touch' });
    advance(1499);
    expect(tooltip()).toBeVisible();
    advance(1);
    expect(tooltip()).not.toBeVisible();
  });

  it('ignores the hover that a touch also produces', async () => {
    const { trigger } = setup();
    fireEvent.pointerOver(trigger, { pointerType: 'touch' });
    advance(500);
    expect(tooltip()).not.toBeVisible();
  });

  it('does not open on a short tap', () => {
    const { trigger } = setup();
    fireEvent.pointerDown(trigger, { pointerType: 'touch' });
    advance(300);
    fireEvent.pointerUp(trigger, { pointerType: 'touch' });
    advance(2000);
    expect(tooltip()).not.toBeVisible();
  });

  it('keeps the trigger description it already had', () => {
    render(
      <>
        <span id="own">Harga per lot</span>
        <Tooltip content="100 lembar">
          <button type="button" aria-describedby="own">
            Lot
          </button>
        </Tooltip>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Lot' })).toHaveAccessibleDescription('Harga per lot 100 lembar');
  });
});

describe('Tooltip opened by click (info icons)', () => {
  const setupClick = () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <>
        <Tooltip content="Penjelasan biaya" openOnClick>
          <button type="button">Info</button>
        </Tooltip>
        <button type="button">Lain</button>
      </>,
    );
    return { user, trigger: screen.getByRole('button', { name: 'Info' }) };
  };

  it('stays open after a click even when the pointer leaves, and closes on a second click', async () => {
    const { user, trigger } = setupClick();
    await user.click(trigger);
    expect(tooltip()).toBeVisible();
    await user.unhover(trigger);
    advance(1000);
    expect(tooltip()).toBeVisible();
    await user.click(trigger);
    expect(tooltip()).not.toBeVisible();
  });

  it('closes on a tap elsewhere', async () => {
    const { user, trigger } = setupClick();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Lain' }));
    expect(tooltip()).not.toBeVisible();
  });
});
