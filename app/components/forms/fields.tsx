import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "~/lib/cn";

// The form kit: every form field of the site is one of these, so the label, the description
// and the error are wired to `aria-describedby` and `aria-invalid` in one place.

/** A text box's look, for the boxes outside a Field (`.input` in app/styles/widgets.css; a Field's
 *  control gets the same from `.field`). */
export const inputClass = "input";

type Common = { label: string; description?: ReactNode; error?: string | null; className?: string };
type Wiring = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

function ErrorText({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={id} className="text-sm text-danger" role="alert">
      {error}
    </p>
  ) : null;
}

/** Ids for a control with a description and an error, and the aria attributes that join them. */
function useWiring(id: string | undefined, description: ReactNode, error?: string | null) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const ids = { description: `${controlId}-description`, error: `${controlId}-error` };
  const describedBy = [description ? ids.description : null, error ? ids.error : null].filter(Boolean);
  const wiring: Wiring = {
    id: controlId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy.length ? describedBy.join(" ") : undefined,
  };
  return { ids, wiring };
}

function FieldShell({
  label,
  description,
  error,
  className,
  id,
  children,
}: Common & { id?: string; children: (wiring: Wiring) => ReactNode }) {
  const { ids, wiring } = useWiring(id, description, error);
  return (
    // The label's and the control's look come from `.field` (app/styles/widgets.css): a form of
    // filters has a dozen fields (issue 42).
    <div className={cn("field", className)}>
      <label htmlFor={wiring.id}>{label}</label>
      {children(wiring)}
      {description ? (
        <p id={ids.description} className="text-xs text-muted">
          {description}
        </p>
      ) : null}
      <ErrorText id={ids.error} error={error} />
    </div>
  );
}

type InputProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, "className"> & { ref?: Ref<HTMLInputElement> };

export function Field({ label, description, error, className, id, ...props }: InputProps) {
  return (
    <FieldShell label={label} description={description} error={error} className={className} id={id}>
      {(wiring) => <input {...wiring} {...props} />}
    </FieldShell>
  );
}

type TextareaProps = Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className">;

export function TextareaField({ label, description, error, className, id, ...props }: TextareaProps) {
  return (
    <FieldShell label={label} description={description} error={error} className={className} id={id}>
      {(wiring) => <Textarea {...wiring} {...props} />}
    </FieldShell>
  );
}

/**
 * A textarea that keeps what was typed before the page hydrated. React 19 puts a server-rendered
 * textarea back to its initial text as it hydrates it, so what a person typed while the scripts
 * were still on their way (a phone's first seconds, ADR 017) was lost, or what they typed next
 * landed around the old text. A component renders before React hydrates its elements: this one
 * reads the typed text then and gives it back once hydrated, with an input event, so that the
 * state of a controlled field follows too.
 */
function Textarea({ id, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [typed] = useState(() => typedBeforeHydration(id));
  useLayoutEffect(() => {
    const textarea = ref.current;
    if (typed === null || !textarea || textarea.value === typed) return;
    // Through the prototype's setter: React watches the element's own `value` to tell a change.
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(textarea, typed);
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  }, [typed]);
  return <textarea ref={ref} id={id} {...props} />;
}

/** The server-rendered textarea's text when someone changed it, before React hydrates it. */
function typedBeforeHydration(id: string): string | null {
  if (typeof document === "undefined") return null;
  const textarea = document.getElementById(id);
  return textarea instanceof HTMLTextAreaElement && textarea.value !== textarea.defaultValue
    ? textarea.value
    : null;
}

type Option = { value: string; label: string };
type SelectProps = Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "className"> & { options: Option[]; placeholder?: string };

export function SelectField({
  label,
  description,
  error,
  className,
  id,
  options,
  placeholder,
  ...props
}: SelectProps) {
  return (
    <FieldShell label={label} description={description} error={error} className={className} id={id}>
      {(wiring) => (
        <select {...wiring} {...props}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** One checkbox with its label beside it (a yes/no choice the form sends as "on"). */
export function Checkbox({
  label,
  className,
  ...props
}: { label: ReactNode; className?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "className"
>) {
  return (
    <label className={cn("flex w-fit items-center gap-2 text-sm", className)}>
      <input type="checkbox" className="h-4 w-4 accent-primary" {...props} />
      {label}
    </label>
  );
}

type ChoicesProps = Common & { name: string; options: readonly Option[] };

/** Choices sharing one name, described and validated as one field: checkboxes in a compact grid,
 *  or radios of which one is required. */
function ChoiceGroup({
  type,
  checked,
  label,
  description,
  error,
  className,
  name,
  options,
}: ChoicesProps & { type: "checkbox" | "radio"; checked: (value: string) => boolean }) {
  const { ids, wiring } = useWiring(undefined, description, error);
  const compact = type === "checkbox";
  const choices = options.map((o) => (
    <label
      key={o.value}
      className={compact ? "flex items-center gap-2 text-sm" : "flex w-fit items-center gap-2"}
    >
      <input
        type={type}
        name={name}
        value={o.value}
        defaultChecked={checked(o.value)}
        required={!compact}
        className="h-4 w-4 accent-primary"
      />
      {o.label}
    </label>
  ));
  return (
    <fieldset
      className={cn("space-y-2", className)}
      aria-invalid={wiring["aria-invalid"]}
      aria-describedby={wiring["aria-describedby"]}
    >
      <legend className={compact ? "text-sm font-medium text-ink" : "font-medium"}>{label}</legend>
      {description ? (
        <p id={ids.description} className={compact ? "text-xs text-muted" : "text-sm text-muted"}>
          {description}
        </p>
      ) : null}
      {compact ? <div className="grid gap-2 sm:grid-cols-2">{choices}</div> : choices}
      <ErrorText id={ids.error} error={error} />
    </fieldset>
  );
}

/** A set of checkboxes sharing one name. */
export function CheckboxGroup({ defaultValues = [], ...props }: ChoicesProps & { defaultValues?: string[] }) {
  return <ChoiceGroup type="checkbox" checked={(v) => defaultValues.includes(v)} {...props} />;
}

/** A required choice of one among a few, none ticked unless `chosen` is given. */
export function RadioGroup({ chosen, ...props }: ChoicesProps & { chosen?: string }) {
  return <ChoiceGroup type="radio" checked={(v) => v === chosen} {...props} />;
}

/** A new password and its confirmation, as every password form asks for them. */
export function PasswordFields({
  errors,
  name = "password",
  label = "New Password",
  confirmLabel = "Confirm New Password",
}: {
  errors: Record<string, string | undefined>;
  name?: string;
  label?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <Field label={label} name={name} type="password" autoComplete="new-password" error={errors[name]} />
      <Field
        label={confirmLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  );
}

/** A message about the whole form (not one field), announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-danger/30 bg-red-50 px-3.5 py-2.5 text-sm text-danger"
    >
      {message}
    </p>
  );
}
