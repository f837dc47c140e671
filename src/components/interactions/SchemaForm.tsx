import { lazy, Suspense } from "react";
import { useLabels } from "../../i18n/LabelsContext";
import type { SchemaFormProps } from "./SchemaFormView";

export type { SchemaFormProps } from "./SchemaFormView";

/**
 * The form and its JSON Schema validator are loaded when a question first needs them: most
 * conversations never ask for a form, and the validator is the largest part of the kit.
 */
const load = () => import("./SchemaFormView");
const SchemaFormView = lazy(load);

/**
 * Starts loading the form ahead of need (the card of a question that is still arriving calls it).
 *
 * @example
 * preloadSchemaForm();
 */
export function preloadSchemaForm(): void {
  void load();
}

/**
 * A form generated from the JSON Schema an agent sent: labelled inputs for strings, numbers,
 * booleans, choices and one level of nested objects, a JSON text area for anything else.
 * Validates with the schema; errors show after a submit and then follow the person's edits,
 * and a failed submit moves focus to the first invalid field. `data-state` is `editing`,
 * `invalid` or `read-only`; each field has `data-type` and `data-state="valid|invalid"`.
 * Loaded on first use; until then a short placeholder says it is coming.
 *
 * @example
 * <SchemaForm
 *   schema={{ type: "object", properties: { city: { type: "string" } }, required: ["city"] }}
 *   onSubmit={(values) => answer(values)}
 *   onCancel={decline}
 * />
 */
export function SchemaForm(props: SchemaFormProps) {
  const t = useLabels();
  return (
    <Suspense fallback={<p data-slot="schema-form-loading" aria-busy="true" className="pl:m-0 pl:text-sm pl:text-muted-foreground">{t.form.loading}</p>}>
      <SchemaFormView {...props} />
    </Suspense>
  );
}
SchemaForm.displayName = "Parley.SchemaForm";
