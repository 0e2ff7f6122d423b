import { useId, type InputHTMLAttributes } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  hint?: string;
  error?: string;
  onChange(value: string): void;
}

/**
 * A labelled text input; the label is tied to the input for screen readers and tests, and so is
 * the error under it (read out with the field when focus comes back to it).
 */
export function Field({ label, hint, error, onChange, className = '', ...input }: FieldProps) {
  const id = useId();
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {input.required && <span className="text-red-600"> *</span>}
      </label>
      <input
        id={id}
        {...input}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={note}
        className={`mt-1 block w-full rounded-lg border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-emerald-500 ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      {hint && !error && (
        <p id={note} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={note} className="mt-1 text-xs font-medium text-red-700" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
