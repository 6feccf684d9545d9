import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { SelectField, TextField } from './FormField.tsx';

function Demo({ onSave }: { onSave: (v: { name: string; size: string }) => void }) {
  const { register, handleSubmit, formState } = useForm({ defaultValues: { name: '', size: '' } });
  const { errors } = formState;
  return (
    <form onSubmit={handleSubmit(onSave)} noValidate>
      <TextField
        id="demo-name"
        label="Name"
        error={errors.name?.message}
        alert
        {...register('name', { required: 'Name is required' })}
      />
      <SelectField
        id="demo-size"
        label="Size"
        invalid={!!errors.size}
        {...register('size', { required: 'x' })}
      >
        <option value="">Choose</option>
        <option value="L">L</option>
      </SelectField>
      <button type="submit">Save</button>
    </form>
  );
}

describe('TextField and SelectField', () => {
  it('label their control, show the error under it, and hand the typed value to react-hook-form', async () => {
    const saved: unknown[] = [];
    render(<Demo onSave={(v) => saved.push(v)} />);
    const name = screen.getByLabelText('Name');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    // Invalid without a message of its own: no paragraph under it.
    expect(screen.getByLabelText('Size')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Size')).not.toHaveAttribute('aria-describedby');

    await userEvent.type(name, 'Ada');
    await userEvent.selectOptions(screen.getByLabelText('Size'), 'L');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ name: 'Ada', size: 'L' }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
