import type { SpeechInputErrorKind } from "../core/channels/speechInput";

/** Strings of dictation: the composer's microphone and what it says while listening. Reached as `useLabels().speech`. */
export interface SpeechLabels {
  /** The microphone button's name. */
  dictate: string;
  /** Its hint: a tap starts and stops; holding it (or Space / Enter on it) talks while held. */
  dictateHint: string;
  /** Announced while the microphone is open. */
  listening: string;
  /** Why listening stopped short. */
  error: Record<SpeechInputErrorKind, string>;
}

export const speechEn: SpeechLabels = {
  dictate: "Dictate",
  dictateHint: "Tap to start and stop, or hold to talk",
  listening: "Listening…",
  error: {
    "not-allowed": "The microphone is not allowed for this page.",
    "no-speech": "Nothing was heard. Try again.",
    unavailable: "No microphone or speech recognition is available.",
    network: "Speech recognition could not be reached.",
    other: "Dictation stopped.",
  },
};

export const speechZhCN: SpeechLabels = {
  dictate: "语音输入",
  dictateHint: "点按开始和停止，或按住说话",
  listening: "正在听…",
  error: {
    "not-allowed": "此页面不允许使用麦克风。",
    "no-speech": "没有听到声音，请再试一次。",
    unavailable: "没有可用的麦克风或语音识别。",
    network: "无法连接语音识别服务。",
    other: "语音输入已停止。",
  },
};
