import { useId, useState, type ReactNode } from "react";
import { Checkbox, RadioGroup, Slider, ToggleGroup } from "radix-ui";
import { asText } from "../../../core/a2ui";
import { cn } from "../../lib/cn";
import { useA2uiSurface, type A2uiComponentProps } from "../surfaceContext";

/**
 * The basic catalog's inputs, two-way bound to the data model (the person's edits stay in the
 * surface until a press sends them): TextField, CheckBox (Radix Checkbox), ChoicePicker (Radix
 * RadioGroup, checkboxes, or ToggleGroup chips; with a filter box when `filterable`), Slider (Radix
 * Slider) and DateTimeInput (the browser's date and time fields, ISO 8601 in the data). Failed
 * checks show under the input in the agent's words once the person has changed it.
 */

const FIELD = "pl:min-h-9 pl:w-full pl:rounded-md pl:border pl:border-input pl:bg-background pl:px-2 pl:text-sm pl:text-foreground pl:pointer-coarse:min-h-11 pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:aria-invalid:border-destructive";
const BOX = "pl:flex pl:size-4 pl:shrink-0 pl:items-center pl:justify-center pl:rounded pl:border pl:border-input pl:bg-background pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring pl:data-[state=checked]:border-primary-solid pl:data-[state=checked]:bg-primary-solid pl:data-[state=checked]:text-primary-solid-foreground";
const TICK = <svg aria-hidden viewBox="0 0 20 20" className="pl:size-3" fill="none" stroke="currentColor" strokeWidth="2.5"><path d="M4 10.5l4 4 8-9" /></svg>;

/** A label over its input, the failed checks under it (`aria-describedby` names them). */
function Field({ id, slot, c, label, errors, children }: { id: string; slot: string; c: A2uiComponentProps["component"]; label: string; errors: string[]; children: ReactNode }) {
  return (
    <div data-slot={slot} data-a2ui-id={c.id} data-invalid={errors.length ? "" : undefined} className="pl:flex pl:min-w-0 pl:flex-col pl:gap-1">
      {label ? <label htmlFor={id} className="pl:text-sm pl:font-medium">{label}</label> : null}
      {children}
      <Errors id={id} errors={errors} />
    </div>
  );
}

function Errors({ id, errors }: { id: string; errors: string[] }) {
  return errors.length ? <span id={`${id}-error`} data-slot="a2ui-error" className="pl:text-xs pl:text-destructive">{errors.join(" ")}</span> : null;
}

/** An input's name for screen readers: its label, its accessibility label, or else its id in words (a sample's unlabelled progress slider is "progress slider"). */
function nameOf(c: A2uiComponentProps["component"], text: A2uiComponentProps["text"]): string {
  const accessible = typeof c.accessibility === "object" && c.accessibility !== null ? (c.accessibility as { label?: unknown }).label : undefined;
  return text(c.label) || text(accessible) || c.id.replace(/[-_]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");
}

const described = (id: string, errors: string[]) => ({ "aria-invalid": errors.length ? true : undefined, "aria-describedby": errors.length ? `${id}-error` : undefined });

export function A2uiTextField({ component: c, resolve, text, setValue, errors }: A2uiComponentProps) {
  const id = useId();
  const value = asText(resolve(c.value));
  const placeholder = text(c.placeholder) || undefined;
  const common = { id, value, placeholder, ...described(id, errors) };
  return (
    <Field id={id} slot="a2ui-textfield" c={c} label={text(c.label)} errors={errors}>
      {c.variant === "longText" ? (
        <textarea {...common} rows={3} onChange={(e) => setValue(c.value, e.target.value)} className={cn(FIELD, "pl:py-1")} />
      ) : (
        <input
          {...common}
          type={c.variant === "obscured" ? "password" : "text"}
          inputMode={c.variant === "number" ? "decimal" : undefined}
          autoComplete={c.variant === "obscured" ? "off" : undefined}
          // A number field keeps what is typed ("1." on the way to "1.5") and writes a number once it reads as one.
          onChange={(e) => setValue(c.value, c.variant === "number" && e.target.value.trim() !== "" && Number.isFinite(Number(e.target.value)) ? Number(e.target.value) : e.target.value)}
          className={FIELD}
        />
      )}
    </Field>
  );
}

export function A2uiCheckBox({ component: c, resolve, text, setValue, errors }: A2uiComponentProps) {
  const id = useId();
  return (
    <div data-slot="a2ui-checkbox" data-a2ui-id={c.id} className="pl:flex pl:flex-col pl:gap-1">
      <span className="pl:inline-flex pl:min-h-6 pl:items-center pl:gap-2 pl:text-sm pl:pointer-coarse:min-h-11">
        <Checkbox.Root id={id} aria-label={text(c.label) ? undefined : nameOf(c, text)} checked={resolve(c.value) === true} onCheckedChange={(on) => setValue(c.value, on === true)} className={BOX} {...described(id, errors)}>
          <Checkbox.Indicator>{TICK}</Checkbox.Indicator>
        </Checkbox.Root>
        <label htmlFor={id}>{text(c.label)}</label>
      </span>
      <Errors id={id} errors={errors} />
    </div>
  );
}

interface Option {
  value: string;
  label: string;
}

export function A2uiChoicePicker({ component: c, resolve, text, setValue, errors }: A2uiComponentProps) {
  const id = useId();
  const { words } = useA2uiSurface();
  const [filter, setFilter] = useState("");
  const raw = resolve(c.value);
  const chosen = Array.isArray(raw) ? raw.map(asText) : raw === undefined || raw === null || raw === "" ? [] : [asText(raw)];
  const multiple = c.variant === "multipleSelection" || c.component === "MultipleChoice";
  const options: Option[] = (Array.isArray(c.options) ? c.options.slice(0, 200) : []).map((o: unknown) => {
    const record = typeof o === "object" && o !== null ? (o as { value?: unknown; label?: unknown }) : { value: o };
    const value = asText(record.value);
    return { value, label: text(record.label) || value };
  });
  const needle = filter.trim().toLowerCase();
  const shown = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  const label = nameOf(c, text);
  const set = (values: string[]) => setValue(c.value, values);
  const toggle = (value: string) => set(chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value]);
  let body: ReactNode;
  if (c.displayStyle === "chips") {
    const chip = "pl:min-h-8 pl:rounded-full pl:border pl:border-border pl:px-3 pl:text-sm pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:data-[state=on]:border-primary-solid pl:data-[state=on]:bg-primary-solid pl:data-[state=on]:text-primary-solid-foreground pl:pointer-coarse:min-h-11";
    const items = shown.map((o) => <ToggleGroup.Item key={o.value} value={o.value} data-slot="a2ui-choice" className={chip}>{o.label}</ToggleGroup.Item>);
    body = multiple ? (
      <ToggleGroup.Root type="multiple" aria-labelledby={`${id}-label`} value={chosen} onValueChange={set} className="pl:flex pl:flex-wrap pl:gap-2">{items}</ToggleGroup.Root>
    ) : (
      <ToggleGroup.Root type="single" aria-labelledby={`${id}-label`} value={chosen[0] ?? ""} onValueChange={(v) => set(v ? [v] : [])} className="pl:flex pl:flex-wrap pl:gap-2">{items}</ToggleGroup.Root>
    );
  } else if (multiple) {
    body = (
      <div role="group" aria-labelledby={`${id}-label`} className="pl:flex pl:flex-col pl:gap-1">
        {shown.map((o) => (
          <span key={o.value} className="pl:inline-flex pl:min-h-6 pl:items-center pl:gap-2 pl:text-sm pl:pointer-coarse:min-h-11">
            <Checkbox.Root id={`${id}-${o.value}`} data-slot="a2ui-choice" checked={chosen.includes(o.value)} onCheckedChange={() => toggle(o.value)} className={BOX}>
              <Checkbox.Indicator>{TICK}</Checkbox.Indicator>
            </Checkbox.Root>
            <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
          </span>
        ))}
      </div>
    );
  } else {
    body = (
      <RadioGroup.Root aria-labelledby={`${id}-label`} value={chosen[0] ?? ""} onValueChange={(v) => set([v])} className="pl:flex pl:flex-col pl:gap-1">
        {shown.map((o) => (
          <span key={o.value} className="pl:inline-flex pl:min-h-6 pl:items-center pl:gap-2 pl:text-sm pl:pointer-coarse:min-h-11">
            <RadioGroup.Item id={`${id}-${o.value}`} value={o.value} data-slot="a2ui-choice" className={cn(BOX, "pl:rounded-full")}>
              <RadioGroup.Indicator className="pl:size-1.5 pl:rounded-full pl:bg-current" />
            </RadioGroup.Item>
            <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
          </span>
        ))}
      </RadioGroup.Root>
    );
  }
  return (
    <div data-slot="a2ui-choicepicker" data-a2ui-id={c.id} data-display={c.displayStyle === "chips" ? "chips" : "list"} className="pl:flex pl:min-w-0 pl:flex-col pl:gap-1">
      <span id={`${id}-label`} className={text(c.label) ? "pl:text-sm pl:font-medium" : "pl:sr-only"}>{label}</span>
      {c.filterable === true ? <input type="search" aria-label={words.filter} value={filter} onChange={(e) => setFilter(e.target.value)} className={FIELD} /> : null}
      {body}
      {shown.length === 0 && options.length > 0 ? <span className="pl:text-xs pl:text-muted-foreground">{words.noMatch}</span> : null}
      <Errors id={id} errors={errors} />
    </div>
  );
}

export function A2uiSlider({ component: c, resolve, text, setValue, errors }: A2uiComponentProps) {
  const id = useId();
  const { words } = useA2uiSurface();
  const min = typeof c.min === "number" ? c.min : 0;
  const max = typeof c.max === "number" && c.max > min ? c.max : min + 100;
  const steps = typeof c.steps === "number" && c.steps >= 1 ? c.steps : undefined;
  const step = steps ? (max - min) / steps : Number.isInteger(min) && Number.isInteger(max) ? 1 : (max - min) / 100;
  const raw = Number(resolve(c.value));
  const value = Number.isFinite(raw) ? Math.min(max, Math.max(min, raw)) : min;
  const label = text(c.label);
  return (
    <div data-slot="a2ui-slider" data-a2ui-id={c.id} className="pl:flex pl:min-w-0 pl:flex-col pl:gap-2">
      {label ? <span id={`${id}-label`} className="pl:text-sm pl:font-medium">{words.valueOf(label, String(value))}</span> : null}
      <Slider.Root min={min} max={max} step={step} value={[value]} onValueChange={([v]) => setValue(c.value, v)} style={{ touchAction: "none" }} className="pl:relative pl:flex pl:h-6 pl:w-full pl:items-center pl:pointer-coarse:h-11">
        <Slider.Track className="pl:relative pl:h-1.5 pl:flex-1 pl:rounded-full pl:bg-muted">
          <Slider.Range className="pl:absolute pl:h-full pl:rounded-full pl:bg-primary-solid" />
        </Slider.Track>
        <Slider.Thumb aria-label={nameOf(c, text)} {...described(id, errors)} className="pl:block pl:size-5 pl:rounded-full pl:border-2 pl:border-primary-solid pl:bg-background pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring" />
      </Slider.Root>
      <Errors id={id} errors={errors} />
    </div>
  );
}

/** The browser's field for an ISO 8601 value, and back: a date, a time, or both. */
function dateField(c: A2uiComponentProps["component"]): { type: "date" | "time" | "datetime-local"; cut: (iso: string) => string } {
  const date = c.enableDate === true;
  const time = c.enableTime === true;
  if (time && !date) return { type: "time", cut: (iso) => (iso.includes("T") ? iso.split("T")[1]! : iso).slice(0, 5) };
  if (time) return { type: "datetime-local", cut: (iso) => iso.slice(0, 16) };
  return { type: "date", cut: (iso) => iso.slice(0, 10) };
}

export function A2uiDateTimeInput({ component: c, resolve, text, setValue, errors }: A2uiComponentProps) {
  const id = useId();
  const { type, cut } = dateField(c);
  const bound = (v: unknown) => {
    const s = asText(resolve(v));
    return s ? cut(s) : undefined;
  };
  return (
    <Field id={id} slot="a2ui-datetimeinput" c={c} label={text(c.label)} errors={errors}>
      <input id={id} type={type} value={bound(c.value) ?? ""} min={bound(c.min)} max={bound(c.max)} onChange={(e) => setValue(c.value, e.target.value)} {...described(id, errors)} className={FIELD} />
    </Field>
  );
}
