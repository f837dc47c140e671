import { useId, useState } from "react";
import type { Artifact, ArtifactVersion } from "../../core/artifacts";
import { useArtifacts } from "../../react/panels";
import { useLocale } from "../../i18n/LabelsContext";
import { panelLabelsFor, type PanelLabels } from "../../i18n/panelLabels";
import { LazyMarkdown as Markdown } from "../markdown/LazyMarkdown";
import { AgentImage } from "../lib/AgentImage";
import { linkUrl } from "../lib/urlPolicy";
import { useUrlPolicy } from "../registry/UIContext";
import { downloadText } from "../permissions/download";
import { useRevealMessage } from "../thread/ThreadNavigation";
import { cn } from "../lib/cn";
import { panelClass, panelTitleClass, smallButtonClass } from "./panelStyles";

export interface ArtifactsPanelProps {
  className?: string;
  labels?: Partial<PanelLabels>;
}

const EXTENSION = { text: "txt", markdown: "md", code: "txt", json: "json", image: "" } as const;
const MIME = { text: "text/plain", markdown: "text/markdown", code: "text/plain", json: "application/json", image: "" } as const;

/**
 * The artifacts (documents, code, reports, images) the agent announced with `CUSTOM parley.artifact`,
 * each with its versions: a preview by kind (Markdown, code and JSON as text, an image with its
 * title as alt text), a version choice, download, and a button that shows the message that made it.
 * `data-state` is `empty` or `ready`; each artifact has `data-kind`.
 *
 * @example
 * <ArtifactsPanel />
 */
export default function ArtifactsPanel({ className, labels }: ArtifactsPanelProps) {
  const t = panelLabelsFor(useLocale(), labels);
  const { artifacts, problems } = useArtifacts();
  return (
    <section data-slot="artifacts-panel" data-state={artifacts.length ? "ready" : "empty"} aria-label={t.artifactsTitle} className={cn(panelClass, className)}>
      <h2 className={panelTitleClass}>{t.artifactsTitle}</h2>
      {problems.length ? (
        <p role="alert" data-slot="artifacts-panel-problems" title={problems.join("\n")} className="pl:m-0 pl:text-xs pl:text-destructive">
          {t.artifactProblems(problems.length)}
        </p>
      ) : null}
      {artifacts.length === 0 ? <p className="pl:m-0 pl:text-muted-foreground">{t.artifactsEmpty}</p> : null}
      <ul className="pl:m-0 pl:flex pl:list-none pl:flex-col pl:gap-2 pl:p-0">
        {artifacts.map((artifact) => <ArtifactItem key={artifact.id} artifact={artifact} t={t} />)}
      </ul>
    </section>
  );
}

function ArtifactItem({ artifact, t }: { artifact: Artifact; t: PanelLabels }) {
  const latest = artifact.versions[artifact.versions.length - 1]!;
  // The version the person picked; a new version arriving shows itself unless one was picked.
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const shown = artifact.versions.find((v) => v.version === picked) ?? latest;
  const versionId = useId();
  const reveal = useRevealMessage();
  const count = artifact.versions.length;
  return (
    <li data-slot="artifacts-panel-item" data-artifact-id={artifact.id} data-kind={shown.kind} className="pl:flex pl:flex-col pl:gap-2 pl:rounded-md pl:border pl:border-border pl:p-2">
      <div className="pl:flex pl:flex-wrap pl:items-center pl:gap-2">
        <p data-slot="artifacts-panel-title" className="pl:m-0 pl:text-sm pl:font-semibold pl:break-words">{shown.title}</p>
        <span className="pl:rounded-full pl:bg-muted pl:px-2 pl:text-xs">{t.artifactKind[shown.kind]}</span>
        <span data-slot="artifacts-panel-version" className="pl:text-xs pl:text-muted-foreground">{t.artifactVersionOf(shown.version, count)}</span>
      </div>
      <div className="pl:flex pl:flex-wrap pl:items-center pl:gap-2">
        {count > 1 ? (
          <>
            <label htmlFor={versionId} className="pl:text-xs pl:text-muted-foreground">{t.artifactVersion}</label>
            <select
              id={versionId}
              data-slot="artifacts-panel-version-select"
              value={shown.version}
              onChange={(event) => setPicked(Number(event.currentTarget.value))}
              className="pl:min-h-8 pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-1 pl:text-xs pl:text-foreground"
            >
              {artifact.versions.map((v) => <option key={v.version} value={v.version}>v{v.version}</option>)}
            </select>
          </>
        ) : null}
        <Download artifact={artifact} version={shown} t={t} />
        {shown.messageId ? (
          <button type="button" data-slot="artifacts-panel-message" className={smallButtonClass} onClick={() => reveal(shown.messageId!)}>
            {t.artifactFromMessage}
          </button>
        ) : null}
      </div>
      <Preview version={shown} />
    </li>
  );
}

function Download({ artifact, version, t }: { artifact: Artifact; version: ArtifactVersion; t: PanelLabels }) {
  const { base } = useUrlPolicy();
  const name = `${artifact.id.replace(/[^\w.-]+/g, "_")}-v${version.version}`;
  if (version.content !== undefined) {
    const save = () => downloadText(`${name}.${EXTENSION[version.kind] || "txt"}`, version.content!, `${MIME[version.kind] || "text/plain"};charset=utf-8`);
    return (
      <button type="button" data-slot="artifacts-panel-download" className={smallButtonClass} onClick={save}>
        {t.artifactDownload}
      </button>
    );
  }
  const href = linkUrl(version.url ?? "", base);
  return href ? (
    <a data-slot="artifacts-panel-download" href={href} download={name} target="_blank" rel="noreferrer noopener" className={smallButtonClass}>
      {version.kind === "image" ? t.artifactDownload : t.artifactOpen}
    </a>
  ) : null;
}

function Preview({ version }: { version: ArtifactVersion }) {
  const box = "pl:max-h-64 pl:overflow-auto pl:rounded-md pl:bg-muted pl:p-2";
  if (version.kind === "image") {
    return version.url ? <AgentImage data-slot="artifacts-panel-preview" url={version.url} alt={version.title} className="pl:max-h-64 pl:max-w-full pl:rounded-md pl:object-contain" /> : null;
  }
  if (version.content === undefined) return null;
  if (version.kind === "markdown") {
    return (
      <div data-slot="artifacts-panel-preview" className={box}>
        <Markdown>{version.content}</Markdown>
      </div>
    );
  }
  return (
    // A scrolling box must be reachable by keyboard, and a focusable box needs a name.
    <pre data-slot="artifacts-panel-preview" role="group" aria-label={version.title} tabIndex={0} data-language={version.language} className={cn(box, "pl:m-0 pl:font-mono pl:text-xs pl:whitespace-pre-wrap pl:break-words")}>
      {version.content}
    </pre>
  );
}
