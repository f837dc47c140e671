import { useId, type ComponentPropsWithoutRef } from "react";
import { PermissionRequest, usePermissionRequestContext } from "../../src/headless";

/**
 * Two permission cards a team could build from `PermissionRequest`'s headless parts: one of plain
 * unstyled elements, one in another design system's look (its own class names, styled by the
 * parts' `data-state`). Stories and tests run the same behaviour against both.
 */

function Summary({ titleId, className }: { titleId: string; className?: string }) {
  const { payload } = usePermissionRequestContext("Summary");
  return (
    <h3 id={titleId} className={className}>
      {payload?.summary}
    </h3>
  );
}

function TypedLabel() {
  const { confirmText, pending } = usePermissionRequestContext("TypedLabel");
  return pending && confirmText !== undefined ? <>Type {confirmText} to confirm</> : null;
}

/** Plain HTML: no class, no style; what the parts give on their own. */
export function PlainPermissionCard({ interactionId }: { interactionId: string }) {
  const titleId = useId();
  const typedId = useId();
  return (
    <PermissionRequest.Root interactionId={interactionId} role="group" aria-labelledby={titleId}>
      <Summary titleId={titleId} />
      <label htmlFor={typedId}>
        <TypedLabel />
      </label>
      <PermissionRequest.TypedConfirm id={typedId} />
      <div role="radiogroup" aria-label="How far">
        <PermissionRequest.Scope value="once">Just this once</PermissionRequest.Scope>
        <PermissionRequest.Scope value="session">For this session</PermissionRequest.Scope>
      </div>
      <PermissionRequest.Decline>Keep them</PermissionRequest.Decline>
      <PermissionRequest.Approve>Archive them</PermissionRequest.Approve>
    </PermissionRequest.Root>
  );
}

/** The "Acme" design system's look: its own classes and elements, the parts' behaviour through asChild. */
export const ACME_CSS = `
.acme-card { font-family: Georgia, serif; border: 2px solid #1f2937; border-radius: 0; padding: 16px; display: grid; gap: 12px; max-width: 28rem; background: #fffbeb; color: #1f2937; }
.acme-card:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.acme-card[data-state=answered] { background: #ecfdf5; }
.acme-title { margin: 0; font-size: 1.1rem; text-transform: uppercase; letter-spacing: .05em; }
.acme-field { display: grid; gap: 4px; font-size: .9rem; }
.acme-input { border: 0; border-bottom: 2px solid #1f2937; background: transparent; padding: 6px 0; font: inherit; color: inherit; }
.acme-input[data-state=mismatch] { border-bottom-color: #b91c1c; }
.acme-input[data-state=match] { border-bottom-color: #047857; }
.acme-pills { display: flex; gap: 8px; }
.acme-pill { border: 1px solid #1f2937; border-radius: 999px; padding: 4px 12px; background: transparent; color: inherit; font: inherit; }
.acme-pill[data-state=checked] { background: #1f2937; color: #fffbeb; }
.acme-row { display: flex; justify-content: flex-end; gap: 8px; }
.acme-button { border: 2px solid #1f2937; padding: 8px 16px; background: #fffbeb; color: #1f2937; font: inherit; text-transform: uppercase; }
.acme-button--danger { background: #b91c1c; border-color: #b91c1c; color: #fff; }
.acme-button[data-state=disabled] { opacity: .45; cursor: not-allowed; }
`;

function AcmeButton({ tone = "plain", ...props }: ComponentPropsWithoutRef<"button"> & { tone?: "plain" | "danger" }) {
  return <button type="button" {...props} className={tone === "danger" ? "acme-button acme-button--danger" : "acme-button"} />;
}

export function BrandedPermissionCard({ interactionId }: { interactionId: string }) {
  const titleId = useId();
  const typedId = useId();
  return (
    <>
      <style>{ACME_CSS}</style>
      <PermissionRequest.Root interactionId={interactionId} asChild>
        <section className="acme-card" role="group" aria-labelledby={titleId}>
          <Summary titleId={titleId} className="acme-title" />
          <div className="acme-field">
            <label htmlFor={typedId}>
              <TypedLabel />
            </label>
            <PermissionRequest.TypedConfirm id={typedId} className="acme-input" />
          </div>
          <div role="radiogroup" aria-label="How far" className="acme-pills">
            <PermissionRequest.Scope value="once" className="acme-pill">Just this once</PermissionRequest.Scope>
            <PermissionRequest.Scope value="session" className="acme-pill">For this session</PermissionRequest.Scope>
          </div>
          <div className="acme-row">
            <PermissionRequest.Decline asChild>
              <AcmeButton>Keep them</AcmeButton>
            </PermissionRequest.Decline>
            <PermissionRequest.Approve asChild>
              <AcmeButton tone="danger">Archive them</AcmeButton>
            </PermissionRequest.Approve>
          </div>
        </section>
      </PermissionRequest.Root>
    </>
  );
}
