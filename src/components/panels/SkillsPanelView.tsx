import { useSkills } from "../../react/panels";
import { useLocale } from "../../i18n/LabelsContext";
import { panelLabelsFor, type PanelLabels } from "../../i18n/panelLabels";
import { cn } from "../lib/cn";
import { panelClass, panelTitleClass } from "./panelStyles";

export interface SkillsPanelProps {
  className?: string;
  labels?: Partial<PanelLabels>;
  /** Where the skills sit in the agent's state; `state.skills` by default. */
  select?: (state: Record<string, unknown>) => unknown;
}

const chip = "pl:rounded-full pl:bg-muted pl:px-2 pl:font-mono pl:text-xs";

/**
 * The agent's skills with the tools under each (`data-state="active|inactive"`), beside the tools
 * this app declares to it (front-end tools). A tool the app provides is marked where a skill uses it.
 *
 * @example
 * <SkillsPanel />
 */
export default function SkillsPanel({ className, labels, select }: SkillsPanelProps) {
  const t: PanelLabels = panelLabelsFor(useLocale(), labels);
  const { skills, frontendTools } = useSkills(select);
  const provided = new Set(frontendTools);
  return (
    <section data-slot="skills-panel" data-state={skills.length ? "ready" : "empty"} aria-label={t.skillsTitle} className={cn(panelClass, className)}>
      <h2 className={panelTitleClass}>{t.skillsTitle}</h2>
      {skills.length === 0 ? <p className="pl:m-0 pl:text-muted-foreground">{t.skillsEmpty}</p> : null}
      <ul className="pl:m-0 pl:flex pl:list-none pl:flex-col pl:gap-2 pl:p-0">
        {skills.map((skill) => (
          <li key={skill.name} data-slot="skills-panel-skill" data-state={skill.active ? "active" : "inactive"} className="pl:rounded-md pl:border pl:border-border pl:p-2 pl:data-[state=inactive]:border-dashed">
            <p className="pl:m-0 pl:font-semibold">
              {skill.name}
              {skill.active ? null : <span className="pl:ms-2 pl:text-xs pl:font-normal pl:text-muted-foreground">({t.skillInactive})</span>}
            </p>
            {skill.description ? <p className="pl:m-0 pl:text-xs pl:text-muted-foreground">{skill.description}</p> : null}
            {skill.tools.length ? (
              <ul className="pl:m-0 pl:mt-1 pl:flex pl:list-none pl:flex-wrap pl:gap-1 pl:p-0">
                {skill.tools.map((tool) => (
                  <li key={tool} data-slot="skills-panel-tool" data-source={provided.has(tool) ? "frontend" : "agent"} className={cn(chip, "pl:data-[source=frontend]:ring-1 pl:data-[source=frontend]:ring-primary")}>
                    {tool}
                    {provided.has(tool) ? <span className="pl:sr-only"> ({t.frontendTools})</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="pl:m-0 pl:text-xs pl:text-muted-foreground">{t.skillNoTools}</p>
            )}
          </li>
        ))}
      </ul>
      <h3 className="pl:m-0 pl:text-xs pl:font-semibold pl:text-muted-foreground">{t.frontendTools}</h3>
      {frontendTools.length ? (
        <ul data-slot="skills-panel-frontend" className="pl:m-0 pl:flex pl:list-none pl:flex-wrap pl:gap-1 pl:p-0">
          {frontendTools.map((tool) => <li key={tool} className={chip}>{tool}</li>)}
        </ul>
      ) : (
        <p className="pl:m-0 pl:text-xs pl:text-muted-foreground">{t.frontendToolsEmpty}</p>
      )}
    </section>
  );
}
