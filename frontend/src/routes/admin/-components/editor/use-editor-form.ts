import { useState } from 'react';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The state of a post or case-study form, in the quick dialog and the full editor alike: the values
 * as typed and each field's problem, which clears as soon as that field changes.
 */
export function useEditorForm<V extends object>(initial: () => V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});
  const set = <K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  return { values, setValues, errors, setErrors, set };
}

export type EditorForm<V extends object> = ReturnType<typeof useEditorForm<V>>;
