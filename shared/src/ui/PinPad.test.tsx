import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { i18n } from '../i18n/i18n-instance';
import { cleanDigits, PinPad } from './PinPad';

function Harness({ onComplete }: { onComplete: (pin: string) => void }) {
  const [pin, setPin] = useState('');
  return <PinPad value={pin} onChange={setPin} onComplete={onComplete} />;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('PinPad', () => {
  it('takes six digits from the keyboard, masked, and completes once', async () => {
    const onComplete = jest.fn();
    render(<Harness onComplete={onComplete} />);
    const field = screen.getByLabelText('PIN');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(field, '1234567');
    expect(field).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('refuses letters with a message, keeping the digits', async () => {
    render(<Harness onComplete={jest.fn()} />);
    const field = screen.getByLabelText('PIN');
    await userEvent.type(field, '12a');
    expect(field).toHaveValue('12');
    expect(screen.getByText('Only digits 0–9 can be entered')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('works from the on-screen pad: digits, delete and clear', async () => {
    const onComplete = jest.fn();
    render(<Harness onComplete={onComplete} />);
    const field = screen.getByLabelText('PIN');
    for (const digit of ['9', '8', '7']) fireEvent.click(screen.getByRole('button', { name: `Digit ${digit}` }));
    expect(field).toHaveValue('987');
    fireEvent.click(screen.getByRole('button', { name: 'Delete last digit' }));
    expect(field).toHaveValue('98');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(field).toHaveValue('');
    for (const digit of ['0', '1', '2', '3', '4', '5', '6']) fireEvent.click(screen.getByRole('button', { name: `Digit ${digit}` }));
    expect(field).toHaveValue('012345');
    expect(onComplete).toHaveBeenCalledWith('012345');
    expect(screen.getByText('6 of 6 digits entered')).toBeInTheDocument();
  });

  it('cleanDigits keeps at most the length and reports other characters', () => {
    expect(cleanDigits('12 34-56 78', 6)).toEqual({ digits: '123456', rejected: true });
    expect(cleanDigits('0042', 6)).toEqual({ digits: '0042', rejected: false });
  });
});
