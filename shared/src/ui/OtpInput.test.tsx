import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { i18n } from '../i18n/i18n-instance';
import { OtpInput, ResendCode } from './OtpInput';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [code, setCode] = useState('');
  return <OtpInput value={code} onChange={setCode} onComplete={onComplete} />;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('OtpInput', () => {
  it('offers the SMS code (one-time-code) and completes on a pasted code with separators', async () => {
    const onComplete = jest.fn();
    render(<Harness onComplete={onComplete} />);
    const field = screen.getByRole('textbox', { name: 'Verification code' });
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    field.focus();
    await userEvent.paste('123 456');
    expect(field).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('does not complete on five digits, and refuses letters', async () => {
    const onComplete = jest.fn();
    render(<Harness onComplete={onComplete} />);
    const field = screen.getByRole('textbox', { name: 'Verification code' });
    await userEvent.type(field, '12345x');
    expect(field).toHaveValue('12345');
    expect(onComplete).not.toHaveBeenCalled();
    expect(screen.getByText('Only digits 0–9 can be entered')).toBeInTheDocument();
  });
});

describe('ResendCode', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts down from the wait, then offers a new code', async () => {
    const onResend = jest.fn();
    render(<ResendCode availableAt={Date.now() + 3000} onResend={onResend} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Send a new code in 3 s');
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('Send a new code in 2 s');
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    act(() => screen.getByRole('button', { name: 'Send a new code' }).click());
    expect(onResend).toHaveBeenCalledTimes(1);
  });
});
