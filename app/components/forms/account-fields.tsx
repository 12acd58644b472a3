import { Field } from "./fields";

const ACCOUNT_FIELDS = {
  name: { label: "Full Name", autoComplete: "name" },
  email: { label: "Email", type: "email", autoComplete: "email" },
  avatarUrl: { label: "Avatar URL", type: "url", placeholder: "https://..." },
  password: { label: "Password", type: "password", autoComplete: "current-password" },
  currentPassword: { label: "Current Password", type: "password", autoComplete: "current-password" },
} as const;

type FormState = {
  errors: Record<string, string | undefined>;
  values?: Record<string, string | undefined>;
};

/**
 * A field of the account forms (sign-in, register, password reset, settings) by its name: its
 * error, and the value typed before (or `initial`), never a password's.
 */
export function AccountField({
  name,
  form,
  initial,
  required,
}: {
  name: keyof typeof ACCOUNT_FIELDS;
  form: FormState;
  initial?: string;
  required?: boolean;
}) {
  const { label, ...input } = ACCOUNT_FIELDS[name];
  const secret = "type" in input && input.type === "password";
  return (
    <Field
      label={label}
      name={name}
      {...input}
      defaultValue={secret ? undefined : (form.values?.[name] ?? initial)}
      error={form.errors[name]}
      required={required}
    />
  );
}
