import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { RadioGroup, Switch } from "radix-ui";
import { useLabels, useLocale } from "../../i18n/LabelsContext";
import type { FormLabels } from "../../i18n/formLabels";
import { isComposing } from "../composer/Composer";
import { cn } from "../lib/cn";
import { buttonVariants } from "../lib/button";
import {
  coerceValues,
  forEachField,
  initialFormState,
  schemaToFields,
  type FieldSpec,
  type FormState,
} from "../../core/forms/schemaFields";
import { validateValues } from "../../core/forms/schemaValidation";

/** The form itself; the kit loads it on demand through {@link SchemaForm} (`./SchemaForm`). */
export interface SchemaFormProps {
  /** The JSON Schema (an object schema) of what to collect. */
  schema: unknown;
  /** Values to start from (a correction of an earlier answer), else the schema's defaults. Read once, on mount. */
  defaultValues?: Record<string, unknown>;
  /** Called only with values that validate against `schema`. */
  onSubmit(values: Record<string, unknown>): void;
  /** Shows a Cancel (or Decline, with `cancelLabel`) button when given. */
  onCancel?(): void;
  submitLabel?: string;
  cancelLabel?: string;
  /** Read-only: the answered state, showing `defaultValues` as the values given. */
  readOnly?: boolean;
  disabled?: boolean;
  /** Show errors from the start, as after a submit: for a correction the agent asked for. */
  validateOnMount?: boolean;
  className?: string;
  /** id prefix so two forms on a page never share ids. */
  idPrefix?: string;
}

/**
 * A form generated from the JSON Schema an agent sent: labelled inputs for strings, numbers,
 * booleans, choices and one level of nested objects, a JSON text area for anything else.
 * Validates with the schema; errors show after a submit and then follow the person's edits,
 * and a failed submit moves focus to the first invalid field. `data-state` is `editing`,
 * `invalid` or `read-only`; each field has `data-type` and `data-state="valid|invalid"`.
 *
 * @example
 * <SchemaForm
 *   schema={{ type: "object", properties: { city: { type: "string" } }, required: ["city"] }}
 *   onSubmit={(values) => answer(values)}
 *   onCancel={decline}
 * />
 */
export function SchemaFormView({ readOnly, ...props }: SchemaFormProps) {
  return readOnly ? <SchemaFormAnswer schema={props.schema} values={props.defaultValues} className={props.className} /> : <SchemaFormEditor {...props} />;
}
SchemaFormView.displayName = "Parley.SchemaFormView";

/**
 * The schema by value, not identity: `schema={{ … }}` written inline is a new object on every
 * render of the parent, and must not reset what the person typed.
 */
function useStableSchema(schema: unknown): unknown {
  const key = useMemo(() => {
    try {
      return JSON.stringify(schema);
    } catch {
      return undefined;
    }
  }, [schema]);
  // The last schema seen, kept in state and replaced while rendering (React's pattern for
  // information from previous renders): refs are not read during render.
  const [stable, setStable] = useState({ key, schema });
  if (key === undefined ? stable.schema === schema : stable.key === key) return stable.schema;
  setStable({ key, schema });
  return schema;
}

/** Ids safe inside `aria-describedby` (no spaces), unique per form. */
function useFieldIds(fields: readonly FieldSpec[], idPrefix: string | undefined): { prefix: string; ids: Map<string, string> } {
  const auto = useId().replace(/[^A-Za-z0-9_-]/g, "");
  const prefix = idPrefix ?? `pl-form-${auto}`;
  const ids = useMemo(() => {
    const map = new Map<string, string>();
    let n = 0;
    forEachField(fields, (field) => map.set(field.key, `${prefix}-f${n++}`));
    return map;
  }, [fields, prefix]);
  return { prefix, ids };
}

const controlClass =
  "pl:h-10 pl:w-full pl:min-w-0 pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-3 pl:py-2 pl:font-sans pl:text-sm pl:text-foreground pl:placeholder:text-muted-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring pl:disabled:cursor-not-allowed pl:disabled:opacity-60 pl:aria-invalid:border-destructive";
const textareaClass = "pl:h-auto pl:min-h-24 pl:resize-y";
const labelClass = "pl:text-sm pl:font-medium pl:leading-6 pl:text-foreground";
const boxClass = "pl:size-6 pl:shrink-0 pl:accent-primary pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring pl:disabled:cursor-not-allowed";

interface FieldContext {
  state: FormState;
  errors: Record<string, string>;
  ids: Map<string, string>;
  set: (key: string, value: string | boolean | string[]) => void;
  disabled: boolean;
  t: FormLabels;
}

interface EditorState {
  fields: ReturnType<typeof schemaToFields>;
  state: FormState;
  showErrors: boolean;
}

function SchemaFormEditor({ schema: given, defaultValues, onSubmit, onCancel, submitLabel, cancelLabel, disabled = false, validateOnMount = false, className, idPrefix }: Omit<SchemaFormProps, "readOnly">) {
  const t = useLabels().form;
  const schema = useStableSchema(given);
  const parsed = useMemo(() => schemaToFields(schema), [schema]);
  const fresh = (): EditorState => ({ fields: parsed, state: initialFormState(parsed.fields, defaultValues), showErrors: validateOnMount });
  const [editor, setEditor] = useState(fresh);
  let current = editor;
  // A different schema is a different question: start over (React's "reset state on prop change").
  if (editor.fields !== parsed) {
    current = fresh();
    setEditor(current);
  }
  const { state, showErrors } = current;
  const values = useMemo(() => coerceValues(parsed.fields, state), [parsed, state]);
  const errors = useMemo(() => (showErrors ? validateValues(schema, values, t) : {}), [showErrors, schema, values, t]);
  const { prefix, ids } = useFieldIds(parsed.fields, idPrefix);
  const summaryId = `${prefix}-summary`;

  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  useEffect(() => {
    // After the commit, so the field is announced with its error message.
    if (focusRequest) formRef.current?.ownerDocument.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  const set = (key: string, value: string | boolean | string[]) => setEditor((e) => ({ ...e, state: { ...e.state, [key]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const found = validateValues(schema, values, t);
    if (Object.keys(found).length === 0) {
      onSubmit(values);
      return;
    }
    setEditor((e) => ({ ...e, showErrors: true }));
    setFocusRequest({ id: firstInvalidControl(parsed.fields, found, ids, state) ?? summaryId });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // Enter in a one-line input submits the form, but not while an input method is composing.
    if (event.key === "Enter" && event.target instanceof HTMLInputElement && isComposing(event)) event.preventDefault();
  };

  const fieldErrorCount = Object.keys(errors).filter((key) => key !== "").length;
  const invalid = Object.keys(errors).length > 0;
  const ctx: FieldContext = { state, errors, ids, set, disabled, t };

  return (
    <form
      ref={formRef}
      noValidate
      data-slot="schema-form"
      data-state={invalid ? "invalid" : "editing"}
      data-disabled={disabled ? "" : undefined}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      className={cn("pl:flex pl:flex-col pl:gap-3 pl:text-sm pl:text-foreground", className)}
    >
      {parsed.omitted > 0 ? (
        <p data-slot="schema-form-note" className="pl:text-xs pl:text-muted-foreground">
          {t.omittedFields(parsed.omitted)}
        </p>
      ) : null}
      {parsed.fields.map((field) => (
        <Field key={field.key} field={field} ctx={ctx} />
      ))}
      {/* Always in the page, so a screen reader hears it fill; empty, it takes back the gap above it. */}
      <div id={summaryId} role="status" tabIndex={-1} data-slot="schema-form-summary" className="pl:text-sm pl:font-medium pl:text-destructive pl:empty:-mt-3 pl:focus-visible:outline-2 pl:focus-visible:outline-ring">
        {invalid ? [fieldErrorCount > 0 ? t.fixErrors(fieldErrorCount) : null, errors[""]].filter(Boolean).join(" ") : null}
      </div>
      <div data-slot="schema-form-actions" className="pl:flex pl:flex-wrap pl:justify-end pl:gap-2">
        {onCancel ? (
          <button type="button" data-slot="schema-form-cancel" disabled={disabled} onClick={() => onCancel()} className={buttonVariants({ variant: "secondary", size: "lg" })}>
            {cancelLabel ?? t.cancel}
          </button>
        ) : null}
        <button type="submit" data-slot="schema-form-submit" disabled={disabled} className={buttonVariants({ variant: "primary", size: "lg" })}>
          {submitLabel ?? t.submit}
        </button>
      </div>
    </form>
  );
}

/** The id of the control to focus for the first invalid field, in the order the fields appear. */
function firstInvalidControl(fields: readonly FieldSpec[], errors: Record<string, string>, ids: Map<string, string>, state: FormState): string | undefined {
  let target: string | undefined;
  forEachField(fields, (field) => {
    if (target !== undefined || !(field.key in errors)) return;
    target = controlId(field, ids, state);
  });
  return target;
}

function controlId(field: FieldSpec, ids: Map<string, string>, state: FormState): string | undefined {
  const id = ids.get(field.key);
  switch (field.kind) {
    case "object":
      return field.fields[0] ? controlId(field.fields[0], ids, state) : undefined;
    case "multi-enum":
      return `${id}-0`;
    case "enum": {
      if (field.control === "select") return id;
      const checked = field.options.findIndex((o) => String(o.value) === state[field.key]);
      return `${id}-${Math.max(checked, 0)}`;
    }
    default:
      return id;
  }
}

function RequiredMark({ t, hidden = true }: { t: FormLabels; hidden?: boolean }) {
  return (
    <span aria-hidden={hidden || undefined} data-slot="schema-field-required" className="pl:ms-2 pl:text-xs pl:font-normal pl:text-muted-foreground">
      {t.required}
    </span>
  );
}

function Description({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} data-slot="schema-field-description" className="pl:text-xs pl:text-muted-foreground">
      {children}
    </p>
  );
}

function ErrorMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} data-slot="schema-field-error" className="pl:text-xs pl:font-medium pl:text-destructive">
      {children}
    </p>
  );
}

function Field({ field, ctx }: { field: FieldSpec; ctx: FieldContext }) {
  const { state, errors, ids, set, disabled, t } = ctx;
  const id = ids.get(field.key)!;
  const error = errors[field.key];
  const help = field.kind === "json" ? [field.description, t.jsonHelp].filter(Boolean).join(" ") : field.description;
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
  const invalid = error !== undefined || (field.kind === "object" && Object.keys(errors).some((k) => k.startsWith(`${field.key}.`)));
  const slot = { "data-slot": "schema-field", "data-type": field.kind, "data-state": invalid ? "invalid" : "valid", "data-key": field.key };
  const aria = { "aria-describedby": describedBy, "aria-invalid": error ? true : undefined };
  const helpText = help && helpId ? <Description id={helpId}>{help}</Description> : null;
  const errorText = error && errorId ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null;
  const raw = state[field.key];
  const text = typeof raw === "string" ? raw : "";

  switch (field.kind) {
    case "object":
      return (
        <fieldset {...slot} aria-describedby={describedBy} className="pl:flex pl:flex-col pl:gap-3 pl:rounded-md pl:border pl:border-border pl:p-3">
          <legend className={cn(labelClass, "pl:px-1")}>{field.label}</legend>
          {helpText}
          {field.fields.map((child) => (
            <Field key={child.key} field={child} ctx={ctx} />
          ))}
          {errorText}
        </fieldset>
      );

    case "boolean":
      if (field.control === "switch") {
        return (
          <div {...slot} className="pl:flex pl:flex-col pl:gap-1.5">
            <div className="pl:flex pl:items-center pl:gap-3">
              <Switch.Root
                id={id}
                checked={raw === true}
                onCheckedChange={(checked) => set(field.key, checked)}
                disabled={disabled}
                {...aria}
                className="pl:inline-flex pl:h-6 pl:w-11 pl:shrink-0 pl:items-center pl:rounded-full pl:border-2 pl:border-transparent pl:bg-muted-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring pl:disabled:cursor-not-allowed pl:disabled:opacity-60 pl:data-[state=checked]:bg-primary"
              >
                <Switch.Thumb className="pl:block pl:size-5 pl:rounded-full pl:bg-background pl:shadow-sm pl:transition-transform pl:data-[state=checked]:translate-x-5" />
              </Switch.Root>
              <label htmlFor={id} className={labelClass}>
                {field.label}
              </label>
            </div>
            {helpText}
            {errorText}
          </div>
        );
      }
      return (
        <div {...slot} className="pl:flex pl:flex-col pl:gap-1.5">
          <div className="pl:flex pl:items-center pl:gap-3">
            <input
              id={id}
              type="checkbox"
              checked={raw === true}
              onChange={(event) => set(field.key, event.target.checked)}
              disabled={disabled}
              aria-required={field.mustBeTrue || undefined}
              {...aria}
              className={boxClass}
            />
            <label htmlFor={id} className={labelClass}>
              {field.label}
              {field.mustBeTrue ? <RequiredMark t={t} /> : null}
            </label>
          </div>
          {helpText}
          {errorText}
        </div>
      );

    case "multi-enum": {
      const picked = Array.isArray(raw) ? raw : [];
      const toggle = (value: string, on: boolean) => set(field.key, on ? [...picked, value] : picked.filter((v) => v !== value));
      return (
        <fieldset {...slot} aria-describedby={describedBy} className="pl:flex pl:flex-col pl:gap-1.5">
          <legend className={cn(labelClass, "pl:mb-1.5")}>
            {field.label}
            {/* A group cannot carry aria-required, so the mark is read out with the legend. */}
            {field.required || (field.minItems ?? 0) > 0 ? <RequiredMark t={t} hidden={false} /> : null}
          </legend>
          <div className="pl:flex pl:flex-col pl:gap-2">
            {field.options.map((option, i) => {
              const value = String(option.value);
              return (
                <div key={value} className="pl:flex pl:items-center pl:gap-3">
                  <input
                    id={`${id}-${i}`}
                    type="checkbox"
                    checked={picked.includes(value)}
                    onChange={(event) => toggle(value, event.target.checked)}
                    disabled={disabled}
                    aria-invalid={error ? true : undefined}
                    className={boxClass}
                  />
                  <label htmlFor={`${id}-${i}`} className="pl:text-sm pl:text-foreground">
                    {option.label}
                  </label>
                </div>
              );
            })}
          </div>
          {helpText}
          {errorText}
        </fieldset>
      );
    }

    case "enum": {
      const label = (
        <>
          {field.label}
          {field.required ? <RequiredMark t={t} /> : null}
        </>
      );
      if (field.control === "select") {
        return (
          <div {...slot} className="pl:flex pl:flex-col pl:gap-1.5">
            <label htmlFor={id} className={labelClass}>
              {label}
            </label>
            <select id={id} value={text} onChange={(event) => set(field.key, event.target.value)} disabled={disabled} aria-required={field.required || undefined} {...aria} className={controlClass}>
              <option value="">{t.choose}</option>
              {field.options.map((option) => (
                <option key={String(option.value)} value={String(option.value)}>
                  {option.label}
                </option>
              ))}
            </select>
            {helpText}
            {errorText}
          </div>
        );
      }
      const labelId = `${id}-label`;
      return (
        <div {...slot} className="pl:flex pl:flex-col pl:gap-1.5">
          <div id={labelId} className={labelClass}>
            {label}
          </div>
          <RadioGroup.Root
            value={text || null}
            onValueChange={(value) => set(field.key, value)}
            disabled={disabled}
            aria-labelledby={labelId}
            aria-required={field.required || undefined}
            {...aria}
            className="pl:flex pl:flex-col pl:gap-2"
          >
            {field.options.map((option, i) => (
              <div key={String(option.value)} className="pl:flex pl:items-center pl:gap-3">
                <RadioGroup.Item
                  id={`${id}-${i}`}
                  value={String(option.value)}
                  className="pl:grid pl:size-6 pl:shrink-0 pl:place-items-center pl:rounded-full pl:border-2 pl:border-muted-foreground pl:bg-background pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring pl:disabled:cursor-not-allowed pl:disabled:opacity-60 pl:data-[state=checked]:border-primary"
                >
                  <RadioGroup.Indicator className="pl:block pl:size-3 pl:rounded-full pl:bg-primary" />
                </RadioGroup.Item>
                <label htmlFor={`${id}-${i}`} className="pl:text-sm pl:text-foreground">
                  {option.label}
                </label>
              </div>
            ))}
          </RadioGroup.Root>
          {helpText}
          {errorText}
        </div>
      );
    }

    case "string":
    case "number":
    case "json": {
      const multiline = field.kind === "json" || (field.kind === "string" && field.multiline);
      const common = {
        id,
        value: text,
        disabled,
        "aria-required": field.required || undefined,
        ...aria,
      };
      return (
        <div {...slot} data-reason={field.kind === "json" ? field.reason : undefined} className="pl:flex pl:flex-col pl:gap-1.5">
          <label htmlFor={id} className={labelClass}>
            {field.label}
            {field.required ? <RequiredMark t={t} /> : null}
          </label>
          {multiline ? (
            <textarea
              {...common}
              rows={4}
              spellCheck={field.kind === "json" ? false : undefined}
              onChange={(event) => set(field.key, event.target.value)}
              className={cn(controlClass, textareaClass, field.kind === "json" && "pl:font-mono pl:text-xs")}
            />
          ) : (
            <input
              {...common}
              // Numbers as text: the person sees their own typing (and our message), not a silently emptied box.
              type={field.kind === "string" ? field.inputType : "text"}
              inputMode={field.kind === "number" ? (field.integer ? "numeric" : "decimal") : undefined}
              onChange={(event) => set(field.key, event.target.value)}
              className={controlClass}
            />
          )}
          {helpText}
          {errorText}
        </div>
      );
    }
  }
}

/* ---------------------------------------------------------------- the answered state */

function SchemaFormAnswer({ schema: given, values, className }: { schema: unknown; values: Record<string, unknown> | undefined; className?: string }) {
  const t = useLabels().form;
  const locale = useLocale();
  const schema = useStableSchema(given);
  const parsed = useMemo(() => schemaToFields(schema), [schema]);
  return (
    <div data-slot="schema-form" data-state="read-only" className={cn("pl:text-sm pl:text-foreground", className)}>
      <AnswerList fields={parsed.fields} values={values} t={t} locale={locale} />
    </div>
  );
}

function AnswerList({ fields, values, t, locale }: { fields: readonly FieldSpec[]; values: unknown; t: FormLabels; locale: string }) {
  return (
    <dl className="pl:flex pl:flex-col pl:gap-2">
      {fields.map((field) => {
        const value = typeof values === "object" && values !== null && Object.prototype.hasOwnProperty.call(values, field.name) ? (values as Record<string, unknown>)[field.name] : undefined;
        return (
          <div key={field.key} data-slot="schema-field" data-type={field.kind} data-state="valid" data-key={field.key} className="pl:grid pl:gap-x-4 pl:gap-y-0.5 pl:sm:grid-cols-[minmax(8rem,1fr)_2fr]">
            <dt className="pl:text-muted-foreground">{field.label}</dt>
            <dd className="pl:min-w-0 pl:break-words pl:text-foreground">{answerOf(field, value, t, locale)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function answerOf(field: FieldSpec, value: unknown, t: FormLabels, locale: string): ReactNode {
  if (field.kind === "object") return <AnswerList fields={field.fields} values={value} t={t} locale={locale} />;
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0 && field.kind === "multi-enum")) {
    return <span className="pl:text-muted-foreground">{t.notAnswered}</span>;
  }
  switch (field.kind) {
    case "boolean":
      return value === true ? t.yes : value === false ? t.no : textOf(value);
    case "enum":
      return field.options.find((o) => o.value === value)?.label ?? textOf(value);
    case "multi-enum": {
      const labels = (Array.isArray(value) ? value : [value]).map((v) => field.options.find((o) => o.value === v)?.label ?? String(v));
      return safeIntl(() => new Intl.ListFormat(locale, { type: "conjunction" }).format(labels), labels.join(", "));
    }
    case "number":
      return typeof value === "number" ? safeIntl(() => new Intl.NumberFormat(locale).format(value), textOf(value)) : textOf(value);
    case "string":
      if (typeof value !== "string") return textOf(value);
      if (field.inputType === "date" && /^\d{4}-\d\d-\d\d$/.test(value)) {
        const [y, m, d] = value.split("-").map(Number) as [number, number, number];
        return safeIntl(() => new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(y, m - 1, d)), value);
      }
      if (field.inputType === "datetime-local" && !Number.isNaN(Date.parse(value))) {
        return safeIntl(() => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(new Date(value)), value);
      }
      return field.multiline ? <span className="pl:whitespace-pre-wrap">{value}</span> : value;
    case "json": {
      let json: string;
      try {
        json = JSON.stringify(value, null, 2) ?? textOf(value);
      } catch {
        json = textOf(value);
      }
      return <pre className="pl:overflow-auto pl:whitespace-pre-wrap pl:rounded-sm pl:bg-muted pl:p-2 pl:font-mono pl:text-xs pl:text-foreground">{json}</pre>;
    }
  }
}

/** A value of an unexpected type as text: JSON for an object or list, never "[object Object]". */
function textOf(value: unknown): string {
  if (typeof value !== "object" || value === null) return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return Array.isArray(value) ? "[…]" : "{…}";
  }
}

function safeIntl(format: () => string, fallback: string): string {
  try {
    return format();
  } catch {
    return fallback;
  }
}

export default SchemaFormView;
