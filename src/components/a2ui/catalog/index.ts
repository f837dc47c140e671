import type { ComponentType } from "react";
import type { A2uiComponentProps } from "../surfaceContext";
import { A2uiAudioPlayer, A2uiIcon, A2uiImage, A2uiText, A2uiVideo } from "./content";
import { A2uiCard, A2uiDivider, A2uiModal, A2uiRow, A2uiTabs } from "./layout";
import { A2uiCheckBox, A2uiChoicePicker, A2uiDateTimeInput, A2uiSlider, A2uiTextField } from "./inputs";
import { A2uiButton } from "./Button";

/**
 * The basic catalog (A2UI 0.9 / 0.10), type by type, drawn with the kit's parts and tokens. A team
 * replaces any of them, or adds its own types, through the registry under `a2ui:<Type>`.
 */
export const A2UI_BASIC_COMPONENTS: Readonly<Record<string, ComponentType<A2uiComponentProps>>> = {
  Text: A2uiText,
  Image: A2uiImage,
  Icon: A2uiIcon,
  Video: A2uiVideo,
  AudioPlayer: A2uiAudioPlayer,
  Row: A2uiRow,
  Column: A2uiRow,
  List: A2uiRow,
  Card: A2uiCard,
  Tabs: A2uiTabs,
  Modal: A2uiModal,
  Divider: A2uiDivider,
  Button: A2uiButton,
  TextField: A2uiTextField,
  CheckBox: A2uiCheckBox,
  ChoicePicker: A2uiChoicePicker,
  // 0.9 drafts named the several-choice picker apart.
  MultipleChoice: A2uiChoicePicker,
  Slider: A2uiSlider,
  DateTimeInput: A2uiDateTimeInput,
};
