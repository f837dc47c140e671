/** How much of one activity Parley reads: a surface beyond these is cut, with the cut said in words. */
export const A2UI_LIMITS = {
  /** Messages in one activity's operation list. */
  messages: 2000,
  /** Surfaces in one activity. */
  surfaces: 20,
  /** Components in one surface. */
  components: 1000,
  /** How deep the component tree may go from `root`. */
  depth: 32,
  /** Characters of a component id or surface id. */
  idLength: 200,
  /** Items a template (`children: { path, componentId }`) repeats. */
  templateItems: 500,
  /** Bytes of JSON a data model may take (approximate, by its serialised length). */
  dataModelChars: 500_000,
} as const;

/**
 * The A2UI versions read as they are (0.9 and the later ones of the same shape); 0.8 (`beginRendering`,
 * `surfaceUpdate`, `dataModelUpdate`) is refused in words.
 */
export const READ_VERSIONS = /^v?(0\.9(\.\d+)?|0\.1\d(\.\d+)?|1\.\d+(\.\d+)?)$/;

/** The basic catalog's component types (A2UI 0.9 / 1.0). Others need a team's own catalog entry. */
export const BASIC_CATALOG = [
  "Text", "Image", "Icon", "Video", "AudioPlayer", "Row", "Column", "List", "Card", "Tabs", "Divider", "Modal",
  "Button", "CheckBox", "TextField", "DateTimeInput", "ChoicePicker", "MultipleChoice", "Slider",
] as const;
