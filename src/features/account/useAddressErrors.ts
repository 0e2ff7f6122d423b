import { useState } from 'react';
import { addressProblems } from '../../../shared/domain/address';
import type { AddressErrors, AddressValues } from './AddressForm';

/**
 * Errors at the fields (issue 38): `check` puts each field's problem under it and counts the
 * attempt (AddressForm then focuses the first); editing a field takes its error away.
 */
export function useAddressErrors({ cityAndState }: { cityAndState: boolean }) {
  const [errors, setErrors] = useState<AddressErrors>({});
  const [attempt, setAttempt] = useState(0);
  const check = (value: AddressValues): boolean => {
    const problems = addressProblems(value, { cityAndState });
    setErrors(problems);
    if (Object.keys(problems).length === 0) return true;
    setAttempt((n) => n + 1);
    return false;
  };
  const edited = (before: AddressValues, after: AddressValues) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => before[k as keyof AddressValues] === after[k as keyof AddressValues])));
  const reset = () => setErrors({});
  return { errors, attempt, check, edited, reset };
}
