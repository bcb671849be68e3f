/** A field's problem, in plain English, under the field (components/form-validation.ts). */
export function FieldError({ fieldId, message }: { fieldId: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="field-error" id={`${fieldId}-error`}>
      {message}
    </p>
  );
}
