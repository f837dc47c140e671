import { useId } from "react";
import { DropdownMenu } from "radix-ui";
import { useAgentRun } from "../src";
import { SCENARIO_GROUPS, SCENARIOS, type ScenarioGroup } from "./agent/scenarios";
import { scenarioLabel, TEXT } from "./text";

function Group({ group, first, onPick }: { group: ScenarioGroup; first: boolean; onPick: (trigger: string) => void }) {
  const labelId = useId();
  return (
    <DropdownMenu.Group className="demo-menu-group" aria-labelledby={labelId}>
      {first ? null : <DropdownMenu.Separator className="demo-menu-separator" />}
      <DropdownMenu.Label id={labelId} className="demo-menu-label">
        {TEXT.group[group]}
      </DropdownMenu.Label>
      {SCENARIOS.filter((s) => s.group === group).map((s) => (
        <DropdownMenu.Item key={s.name} className="demo-menu-item" data-scenario={s.name} title={s.trigger} onSelect={() => onPick(s.trigger)}>
          {scenarioLabel(s)}
        </DropdownMenu.Item>
      ))}
    </DropdownMenu.Group>
  );
}

/**
 * The reference agent's scenarios, grouped, behind one button: a menu the keyboard opens (Enter,
 * Space, arrows, typing the first letters) and closes (Escape), instead of a row of buttons. Picking
 * one sends its trigger as the person's message; the button waits while a run is going.
 */
export function ScenarioMenu() {
  const { send, isRunning } = useAgentRun();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="demo-button demo-menu-trigger" disabled={isRunning}>
        {TEXT.scenarios}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" fill="none" stroke="currentColor" strokeWidth="1.6">
          <path d="M3 4.5 6 7.5 9 4.5" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="demo-menu" aria-label={TEXT.scenarioMenu} align="start" sideOffset={6} collisionPadding={8} loop>
          {SCENARIO_GROUPS.map((group, i) => (
            <Group key={group} group={group} first={i === 0} onPick={(trigger) => send(trigger)} />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
