import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field } from './Field';
import { InputError } from './InputError';
import { Select } from './Select';
import { TextInput } from './TextInput';

describe('Field', () => {
  it('labels its control', () => {
    render(
      <Field label="Email">
        <TextInput />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('wires the hint into aria-describedby and leaves the control valid', () => {
    render(
      <Field label="Nama" hint="Sesuai KTP">
        <TextInput />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Nama' });
    expect(input).toHaveAccessibleDescription('Sesuai KTP');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the control invalid and describes it with the error title and description', () => {
    render(
      <Field label="Jumlah" hint="Minimal Rp10.000" error={{ title: 'Saldo tidak cukup', description: 'Isi saldo dulu.' }}>
        <TextInput />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Jumlah' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Saldo tidak cukup Isi saldo dulu. Minimal Rp10.000');
  });

  it('accepts a plain string error', () => {
    render(
      <Field label="PIN" error="PIN salah">
        <TextInput />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'PIN' })).toHaveAccessibleDescription('PIN salah');
  });

  it('passes required and disabled to the control', () => {
    render(
      <Field label="Kota" required disabled>
        <TextInput />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /Kota/ });
    expect(input).toBeRequired();
    expect(input).toBeDisabled();
  });

  it('works with a Select', async () => {
    const onChange = jest.fn();
    render(
      <Field label="Bank" error="Pilih bank">
        <Select
          placeholder="Pilih"
          defaultValue=""
          onChange={(event) => onChange(event.target.value)}
          options={[
            { value: 'bca', label: 'BCA' },
            { value: 'bri', label: 'BRI' },
          ]}
        />
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Bank' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Pilih bank');
    await userEvent.selectOptions(select, 'bri');
    expect(onChange).toHaveBeenCalledWith('bri');
  });

  it('lets the control keep its own description alongside the field ones', () => {
    render(
      <>
        <p id="extra">Biaya 0,1%</p>
        <Field label="Harga" hint="Rupiah">
          <TextInput aria-describedby="extra" />
        </Field>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Harga' })).toHaveAccessibleDescription('Biaya 0,1% Rupiah');
  });
});

describe('InputError', () => {
  it('shows title and description, and the tooltip behind an info button', async () => {
    render(<InputError title="Harga di luar batas" description="Maksimal 5% dari harga pasar" tooltip="Batas dari bursa" />);
    expect(screen.getByText('Harga di luar batas')).toBeInTheDocument();
    expect(screen.getByText('Maksimal 5% dari harga pasar')).toBeInTheDocument();
    const info = screen.getByRole('button', { name: 'Info selengkapnya' });
    expect(info).toHaveAccessibleDescription('Batas dari bursa');
    await userEvent.click(info);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Batas dari bursa');
    expect(screen.getByRole('tooltip')).toBeVisible();
  });

  it('has no info button without a tooltip', () => {
    render(<InputError title="Wajib diisi" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
