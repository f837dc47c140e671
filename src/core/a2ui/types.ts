/**
 * The A2UI surface model as Parley keeps it: what an agent's `createSurface`, `updateComponents`,
 * `updateDataModel` and `deleteSurface` messages built, with what could not be read said in words.
 */

/** One component of a surface's flat adjacency list: its id, its catalog type, its properties. */
export interface A2uiComponent {
  id: string;
  component: string;
  readonly [property: string]: unknown;
}

export interface A2uiSurface {
  surfaceId: string;
  catalogId?: string;
  /** The protocol version its messages said (`v0.9`, `v0.10`, `v1.0` …). */
  version?: string;
  theme?: Record<string, unknown>;
  /** Whether the agent asked for the whole data model with every action. */
  sendDataModel?: boolean;
  /** Components by id (an object without a prototype: any id is an own key). */
  components: Readonly<Record<string, A2uiComponent>>;
  /** Ids in the order they first arrived (for a stable reading order). */
  componentIds: readonly string[];
  dataModel: unknown;
  /** What in this surface could not be read or shown, in words. Never thrown. */
  problems: readonly string[];
}

/** The surfaces one `a2ui-surface` activity carries, in the order they were created. */
export interface A2uiSurfaces {
  surfaces: Readonly<Record<string, A2uiSurface>>;
  surfaceIds: readonly string[];
  /** Messages that were refused as a whole (an unknown version, an unknown surface …), in words. */
  problems: readonly string[];
  /** The middleware's generation lifecycle before the surface is painted (`building`, `retrying`, `failed`). */
  status?: "building" | "retrying" | "failed";
  /** Said with a `failed` status. */
  error?: string;
}

/** The action an event-bearing component sends back, resolved: the middleware's `userAction`. */
export interface A2uiUserAction {
  name: string;
  surfaceId: string;
  sourceComponentId: string;
  timestamp: string;
  context: Record<string, unknown>;
  /** Present when the surface asked for it (`sendDataModel`). */
  dataModel?: unknown;
}
