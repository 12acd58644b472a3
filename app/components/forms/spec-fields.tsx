import type { HTMLInputTypeAttribute, InputHTMLAttributes, ReactNode } from "react";
import { Field, TextareaField } from "./fields";

// A form's text fields written once, as a table of specs (the venue form's field-specs.ts, the
// inquiry form): each spec renders through the form kit, so its label, hint and error stay wired.

export type FieldSpec = {
  name: string;
  label: string;
  /** A textarea (with `rows`) instead of an input. */
  multiline?: boolean;
  rows?: number;
  type?: HTMLInputTypeAttribute;
  inputMode?: InputHTMLAttributes<HTMLInputElement>["inputMode"];
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  min?: number;
  required?: boolean;
  /** The hint under the field. */
  hint?: string;
  /** Which of a form's variants shows it (the venue form: "admin", the admin's and the manager's). */
  shownTo?: string;
};

type Extra = {
  defaultValue?: string;
  error?: string;
  description?: ReactNode;
  min?: number | string;
  max?: number | string;
};

/** One field of a table: `extra` adds what depends on the data (its value, error, bounds). */
export function SpecField({ spec, ...extra }: { spec: FieldSpec } & Extra) {
  const { name, label, multiline, rows, hint, required, shownTo: _, ...input } = spec;
  const description = extra.description ?? hint;
  if (multiline)
    return (
      <TextareaField
        label={label}
        name={name}
        required={required}
        rows={rows}
        maxLength={input.maxLength}
        placeholder={input.placeholder}
        defaultValue={extra.defaultValue}
        description={description}
        error={extra.error}
      />
    );
  return (
    <Field
      label={label}
      name={name}
      required={required}
      {...input}
      min={extra.min ?? input.min}
      max={extra.max}
      defaultValue={extra.defaultValue}
      description={description}
      error={extra.error}
    />
  );
}
