import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Language } from '../contract/enums';
import { renderWithShell } from '../testing';
import { Field } from './Field';
import { NumericInput, type NumericInputProps } from './NumericInput';

type HarnessProps = Partial<Omit<NumericInputProps, 'onChange'>> & { initial?: string; language?: Language };

// A controlled parent, as an order form holds it; every emitted value is recorded.
const setup = ({ initial = '', precision = 2, ...props }: HarnessProps = {}) => {
  const changes: string[] = [];
  const Harness = () => {
    const [value, setValue] = useState(initial);
    return (
      <Field label="Jumlah">
        <NumericInput
          value={value}
          precision={precision}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
          {...props}
        />
        <output data-testid="value">{value}</output>
      </Field>
    );
  };
  const user = userEvent.setup();
  render(<Harness />);
  return {
    user,
    input: screen.getByRole('textbox', { name: 'Jumlah' }) as HTMLInputElement,
    value: () => screen.getByTestId('value').textContent,
    changes,
  };
};

describe('NumericInput', () => {
  it('asks phones for the decimal keyboard', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('type', 'text');
  });

  it('asks for the numeric keyboard at precision 0', () => {
    const { input } = setup({ precision: 0 });
    expect(input).toHaveAttribute('inputmode', 'numeric');
  });

  it('accepts numbers only', async () => {
    const { user, input, value } = setup();
    await user.type(input, '1a2b-3');
    expect(input).toHaveValue('123');
    expect(value()).toBe('123');
  });

  it('shows Indonesian separators and gives a canonical string', async () => {
    const { user, input, value } = setup({ language: 'id' });
    await user.type(input, '1234567,89');
    expect(input).toHaveValue('1.234.567,89');
    expect(value()).toBe('1234567.89');
  });

  it('shows English separators and gives the same canonical string', async () => {
    const { user, input, value } = setup({ language: 'en' });
    await user.type(input, '1234567.89');
    expect(input).toHaveValue('1,234,567.89');
    expect(value()).toBe('1234567.89');
  });

  it('treats a typed dot as the decimal point in Indonesian', async () => {
    const { user, input, value } = setup({ language: 'id' });
    await user.type(input, '12.5');
    expect(input).toHaveValue('12,5');
    expect(value()).toBe('12.5');
  });

  it('truncates extra fraction digits instead of rounding', async () => {
    const { user, input, value } = setup({ language: 'en', precision: 2 });
    await user.type(input, '0.129');
    expect(input).toHaveValue('0.12');
    expect(value()).toBe('0.12');
  });

  it('keeps a trailing decimal separator while typing, and emits without it', async () => {
    const { user, input, changes } = setup({ language: 'id' });
    await user.type(input, '12,');
    expect(input).toHaveValue('12,');
    expect(changes).toEqual(['1', '12']);
    await user.type(input, '05');
    expect(input).toHaveValue('12,05');
    expect(changes.at(-1)).toBe('12.05');
  });

  it('rounds down to the step when typing ends, not while typing', async () => {
    const { user, input, value } = setup({ language: 'en', precision: 0, step: '5' });
    await user.type(input, '17');
    expect(value()).toBe('17');
    await user.tab();
    expect(value()).toBe('15');
    expect(input).toHaveValue('15');
  });

  it('rounds down to the step on Enter too (a form submitted from the keyboard)', async () => {
    const { user, input, value } = setup({ language: 'en', precision: 3, step: '0.25' });
    await user.type(input, '1.3{Enter}');
    expect(value()).toBe('1.25');
  });

  it('steps with the plus and minus buttons', async () => {
    const { user, value } = setup({ language: 'en', step: '0.5', initial: '1' });
    await user.click(screen.getByRole('button', { name: 'Tambah' }));
    expect(value()).toBe('1.5');
    await user.click(screen.getByRole('button', { name: 'Kurangi' }));
    await user.click(screen.getByRole('button', { name: 'Kurangi' }));
    expect(value()).toBe('0.5');
  });

  it('does nothing on minus while the value is below the step', async () => {
    const { user, value, changes } = setup({ language: 'en', step: '1', initial: '0.5' });
    const minus = screen.getByRole('button', { name: 'Kurangi' });
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    await user.click(minus);
    expect(value()).toBe('0.5');
    expect(changes).toEqual([]);
  });

  it('steps with the arrow keys', async () => {
    const { user, input, value } = setup({ language: 'en', step: '1', initial: '3' });
    await user.click(input);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}');
    expect(value()).toBe('4');
  });

  it('has no steppers without a step', () => {
    setup();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('removes the digit before a group separator on Backspace', async () => {
    const { user, input, value } = setup({ language: 'id', initial: '1234' });
    expect(input).toHaveValue('1.234');
    input.focus();
    input.setSelectionRange(2, 2); // after "1."
    await user.keyboard('{Backspace}');
    expect(value()).toBe('234');
    expect(input).toHaveValue('234');
  });

  it('keeps the caret after the digit typed when grouping shifts the text', async () => {
    const { user, input } = setup({ language: 'en', initial: '123' });
    input.focus();
    input.setSelectionRange(0, 0);
    await user.keyboard('9');
    expect(input).toHaveValue('9,123');
    expect(input.selectionStart).toBe(1);
  });

  it('shows a new value set by the parent', async () => {
    const Parent = () => {
      const [value, setValue] = useState('100');
      return (
        <>
          <NumericInput aria-label="Qty" value={value} precision={2} language="id" onChange={setValue} />
          <button type="button" onClick={() => setValue('2500.5')}>
            max
          </button>
        </>
      );
    };
    render(<Parent />);
    await userEvent.click(screen.getByRole('button', { name: 'max' }));
    expect(screen.getByRole('textbox', { name: 'Qty' })).toHaveValue('2.500,5');
  });

  it('keeps the parent value when the parent refuses a change', async () => {
    render(<NumericInput aria-label="Qty" value="7" precision={0} language="en" onChange={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Qty' }), '8');
    expect(screen.getByRole('textbox', { name: 'Qty' })).toHaveValue('7');
  });

  it('is described by its Field error and marked invalid', () => {
    render(
      <Field label="Kuantitas" error={{ title: 'Melebihi saldo', description: 'Maksimal 0,5 BTC' }}>
        <NumericInput value="" precision={8} onChange={() => undefined} step="0.0001" unit="BTC" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Kuantitas' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Melebihi saldo Maksimal 0,5 BTC');
    expect(screen.getByRole('button', { name: 'Tambah' })).toHaveAttribute('aria-controls', input.id);
  });
});

describe('NumericInput: numbers in the other language\'s format, whole-number fields', () => {
  it('a whole-Rupiah field cuts a typed decimal point visibly instead of joining the digits (en)', async () => {
    const { user, input, value } = setup({ language: 'en', precision: 0 });
    await user.type(input, '12500.99');
    expect(value()).toBe('12500');
    expect(input).toHaveValue('12,500.');
    expect(input).toHaveAccessibleDescription('Whole numbers only: the decimals were cut');
    await user.tab();
    expect(input).toHaveValue('12,500');
    expect(value()).toBe('12500');
  });

  it('a whole-Rupiah field cuts a typed decimal point visibly (id, comma or dot)', async () => {
    for (const typed of ['12500,99', '12500.99']) {
      const { user, input, value, changes } = setup({ language: 'id', precision: 0 });
      await user.type(input, typed);
      expect(value()).toBe('12500');
      expect(changes).not.toContain('1250099');
      expect(input).toHaveAccessibleDescription('Hanya bilangan bulat: angka desimal dipotong');
      cleanup();
    }
  });

  it('reads "3,300,000,000" pasted on an Indonesian page and "3.300.000.000" on an English one', async () => {
    const id = setup({ language: 'id', precision: 0 });
    id.input.focus();
    await id.user.paste('3,300,000,000');
    expect(id.value()).toBe('3300000000');
    expect(id.input).toHaveValue('3.300.000.000');
    cleanup();
    const en = setup({ language: 'en', precision: 0 });
    en.input.focus();
    await en.user.paste('3.300.000.000');
    expect(en.value()).toBe('3300000000');
    expect(en.input).toHaveValue('3,300,000,000');
  });

  it('reads "1e-4" exactly and "1.234,56" on an English page', async () => {
    const sci = setup({ language: 'en', precision: 8 });
    sci.input.focus();
    await sci.user.paste('1e-4');
    expect(sci.value()).toBe('0.0001');
    cleanup();
    const other = setup({ language: 'en', precision: 2 });
    other.input.focus();
    await other.user.paste('1.234,56');
    expect(other.value()).toBe('1234.56');
    expect(other.input).toHaveValue('1,234.56');
  });

  it('refuses an ambiguous paste with a message and keeps the number it had', async () => {
    const { user, input, value, changes } = setup({ language: 'id', precision: 2, initial: '7' });
    input.focus();
    input.setSelectionRange(0, input.value.length);
    await user.paste('1,234');
    expect(value()).toBe('7');
    expect(input).toHaveValue('7');
    expect(changes).toEqual([]);
    expect(input).toHaveAccessibleDescription('Angka ini tidak dapat dibaca dengan pasti. Tulis seperti 1.234.567,89');
    await user.type(input, '5');
    expect(input).not.toHaveAccessibleDescription(/tidak dapat dibaca/);
  });

  it('says so in English too', async () => {
    const { user, input } = setup({ language: 'en', precision: 2 });
    input.focus();
    await user.paste('1.234');
    expect(input).toHaveAccessibleDescription('This number could not be read for certain. Enter it as 1,234,567.89');
  });
});

describe('NumericInput in the shell', () => {
  it("follows the reader's language when none is given", () => {
    const Harness = () => {
      const [value, setValue] = useState('1234.5');
      return <NumericInput aria-label="Harga" value={value} precision={2} onChange={setValue} />;
    };
    const { unmount } = renderWithShell(<Harness />, { language: 'en' });
    expect(screen.getByRole('textbox', { name: 'Harga' })).toHaveValue('1,234.5');
    expect(screen.queryByRole('button', { name: 'Increase' })).not.toBeInTheDocument();
    unmount();
    renderWithShell(<Harness />, { language: 'id' });
    expect(screen.getByRole('textbox', { name: 'Harga' })).toHaveValue('1.234,5');
  });

  it('names the steppers in English when the reader reads English', () => {
    renderWithShell(<NumericInput aria-label="Qty" value="1" precision={0} step="1" onChange={() => undefined} />, {
      language: 'en',
    });
    expect(screen.getByRole('button', { name: 'Increase' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decrease' })).toBeInTheDocument();
  });
});
