import { useId } from "react";
import { RadioGroup } from "radix-ui";
import type { GrantScope } from "../../core/policy/types";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { BATCH_DEFAULT, BATCH_MAX, BATCH_MIN, batchLimit } from "../../react/batch";

export interface PermissionScopeChoiceProps {
  /** The scopes to offer, in card order (`useGrantOptions`); `conditional` shows once per condition. */
  scopes: readonly GrantScope[];
  scope: GrantScope;
  /** `condition` is the index into `conditions` when the scope is `conditional`. */
  onScopeChange: (scope: GrantScope, condition?: number) => void;
  /** The batch size as typed. */
  count: string;
  onCountChange: (count: string) => void;
  /** The conditions a conditional approval may take ("only in test mode"), with the words shown. */
  conditions?: readonly { label: string }[];
  /** Which condition is chosen while the scope is `conditional`. */
  condition?: number;
  /** Expiries (ms) offered for a standing grant, beside none; the choice shows unless the scope is `once`. */
  expiries?: readonly number[];
  /** The chosen expiry (ms), or `undefined` for none. */
  expiresIn?: number;
  onExpiresInChange?: (expiresIn: number | undefined) => void;
  className?: string;
}

const itemClass =
  "pl:flex pl:min-h-9 pl:w-full pl:items-center pl:gap-3 pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-3 pl:py-2 pl:text-start pl:text-sm pl:text-foreground pl:hover:bg-accent pl:hover:text-accent-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:data-[state=checked]:border-primary pl:pointer-coarse:min-h-11";
const dotClass =
  "pl:flex pl:size-4 pl:shrink-0 pl:items-center pl:justify-center pl:rounded-full pl:border pl:border-border pl:bg-background";
const inputClass =
  "pl:min-h-9 pl:w-28 pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-3 pl:py-1 pl:font-sans pl:text-sm pl:text-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:aria-invalid:border-destructive pl:pointer-coarse:min-h-11";

/**
 * How far an approval reaches: a labelled radio group ("Allow once / Allow these 10 / Allow for
 * this session"), with a number field for the batch size while `batch` is chosen. Controlled; the
 * permission card holds the choice and sends it with Approve.
 *
 * @example
 * <PermissionScopeChoice scopes={["once", "batch", "session"]} scope={scope} onScopeChange={setScope} count={count} onCountChange={setCount} />
 */
export function PermissionScopeChoiceView({
  scopes,
  scope,
  onScopeChange,
  count,
  onCountChange,
  conditions = [],
  condition = 0,
  expiries = [],
  expiresIn,
  onExpiresInChange,
  className,
}: PermissionScopeChoiceProps) {
  const t = useLabels().permissions;
  const legendId = useId();
  const countId = useId();
  const countErrorId = useId();
  const expiryId = useId();
  const limit = batchLimit(count);
  // One radio per scope, and one per condition for `conditional` ("conditional:0", …).
  const options = scopes.flatMap((s) => (s === "conditional" ? conditions.map((_, index) => `conditional:${index}`) : [s]));
  const value = scope === "conditional" ? `conditional:${condition}` : scope;
  const choose = (next: string) => {
    const [picked, index] = next.split(":") as [GrantScope, string | undefined];
    onScopeChange(picked, index === undefined ? undefined : Number(index));
  };
  const labelOf = (option: string) => {
    if (option === "batch") return t.scopeOption.batch(limit ?? BATCH_DEFAULT);
    if (option.startsWith("conditional:")) return t.conditionOption(conditions[Number(option.slice(12))]?.label ?? "");
    return t.scopeOption[option as Exclude<GrantScope, "batch">];
  };
  return (
    <div data-slot="permission-scope" data-scope={scope} className={cn("pl:flex pl:flex-col pl:gap-2", className)}>
      <div id={legendId} className="pl:text-xs pl:font-medium">
        {t.scopeLegend}
      </div>
      <RadioGroup.Root aria-labelledby={legendId} value={value} onValueChange={choose} className="pl:flex pl:flex-col pl:gap-1.5">
        {options.map((option) => (
          <RadioGroup.Item key={option} value={option} data-slot="permission-scope-option" data-scope={option.split(":")[0]} className={itemClass}>
            <span aria-hidden className={dotClass}>
              <RadioGroup.Indicator className="pl:size-2 pl:rounded-full pl:bg-primary" />
            </span>
            <span>{labelOf(option)}</span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {scope === "batch" ? (
        <div data-slot="permission-batch" className="pl:flex pl:flex-col pl:gap-1 pl:ps-7">
          <label htmlFor={countId} className="pl:text-xs pl:font-medium">
            {t.batchCount}
          </label>
          <input
            id={countId}
            data-slot="permission-batch-count"
            type="number"
            inputMode="numeric"
            min={BATCH_MIN}
            max={BATCH_MAX}
            step={1}
            value={count}
            aria-invalid={limit === undefined || undefined}
            aria-describedby={limit === undefined ? countErrorId : undefined}
            onChange={(event) => onCountChange(event.target.value)}
            className={inputClass}
          />
          {limit === undefined ? (
            <p id={countErrorId} data-slot="permission-batch-invalid" className="pl:m-0 pl:text-xs pl:text-destructive">
              {t.batchInvalid(BATCH_MIN, BATCH_MAX)}
            </p>
          ) : null}
        </div>
      ) : null}
      {scope !== "once" && expiries.length && onExpiresInChange ? (
        <div data-slot="permission-expiry" className="pl:flex pl:flex-wrap pl:items-center pl:gap-2">
          <label htmlFor={expiryId} className="pl:text-xs pl:font-medium">
            {t.expiryLegend}
          </label>
          <select
            id={expiryId}
            data-slot="permission-expiry-select"
            value={expiresIn === undefined ? "" : String(expiresIn)}
            onChange={(event) => onExpiresInChange(event.target.value === "" ? undefined : Number(event.target.value))}
            className={cn(inputClass, "pl:w-auto")}
          >
            <option value="">{t.expiryNone(scope)}</option>
            {expiries.map((ms) => (
              <option key={ms} value={String(ms)}>
                {t.expiryFor(ms)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}
PermissionScopeChoiceView.displayName = "Parley.PermissionScopeChoice";
