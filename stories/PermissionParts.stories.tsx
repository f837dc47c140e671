import type { Meta, StoryObj } from "@storybook/react-vite";
import { createThreadStore, type ThreadStore } from "../src";
import { PermissionRequest } from "../src/headless";
import { createPermissions, definePolicy } from "../src/core/policy";
import { ScriptedAgent } from "../src/testing";
import { BrandedPermissionCard, PlainPermissionCard } from "./support/customPermissionCards";
import { approvesFromTheParts, archiveRequest } from "./support/permissionBehaviour";
import { Kit } from "./support/stores";

/**
 * A permission card rebuilt from `PermissionRequest`'s headless parts — once with plain unstyled
 * elements, once in another design system's look — and the same behaviour run against both
 * (`approvesFromTheParts`): the parts carry the behaviour, the look is the team's.
 */
const meta = {
  title: "Parley/Headless parts/PermissionRequest",
  tags: ["autodocs"],
  subcomponents: { Root: PermissionRequest.Root, Approve: PermissionRequest.Approve, Decline: PermissionRequest.Decline, TypedConfirm: PermissionRequest.TypedConfirm, Scope: PermissionRequest.Scope },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const AT = Date.UTC(2026, 2, 2, 9, 0, 0);
let seq = 0;

function heard(): ThreadStore {
  const agent = new ScriptedAgent({ script: () => archiveRequest });
  const permissions = createPermissions({ identity: "ana@example.com", sessionId: "s1", policy: definePolicy([]) });
  const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `pp${++seq}`, agent, autoContinue: false, now: () => AT, permissions });
  store.getState().run();
  return store;
}

/** Plain `<div>`, `<label>`, `<input>` and `<button>`s: no class, no style, the whole behaviour. */
export const PlainElements: Story = {
  render: () => (
    <Kit height="auto" make={heard}>
      <PlainPermissionCard interactionId="p1" />
    </Kit>
  ),
  play: ({ canvasElement }) => approvesFromTheParts(canvasElement),
};

/** The "Acme" design system's own elements and classes over the same parts (asChild), styled by their data-state. */
export const AnotherDesignSystem: Story = {
  render: () => (
    <Kit height="auto" make={heard}>
      <BrandedPermissionCard interactionId="p1" />
    </Kit>
  ),
  play: ({ canvasElement }) => approvesFromTheParts(canvasElement),
};
